/**
 * Stripe's error envelope for the local stand-in. The SDK turns the HTTP status and
 * `error.type` into its typed errors: 400/404 -> StripeInvalidRequestError, 401 ->
 * StripeAuthenticationError, 402 -> StripeCardError.
 */

/** The body under `error`, as Stripe sends it. Extra keys (setup_intent, payment_method) ride along. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  code?: string;
  message: string;
  param?: string;
  decline_code?: string;
  [extra: string]: unknown;
}

/**
 * An API error with its HTTP status. `commit` keeps the state changes made before the error
 * (a failed SetupIntent confirmation records `last_setup_error` and emits setup_intent.setup_failed
 * while answering 402); otherwise the request's changes are rolled back.
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly commit = false,
  ) {
    super(body.message);
  }
}

/** 400 parameter_missing: "Missing required param: customer." */
export const missingParam = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

/** 400 invalid_request_error about one parameter (code as Stripe names it, when it has one). */
export const invalidParam = (param: string, message: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', code, message, param });

/** 400 invalid_request_error not tied to one parameter. */
export const invalidRequest = (message: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', code, message });

/** 404 resource_missing: "No such customer: 'cus_x'". `kind` as Stripe words it. */
export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
