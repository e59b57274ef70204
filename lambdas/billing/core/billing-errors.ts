import { AppError } from '#shared/errors';

/**
 * Billing's domain errors. The shared error middleware maps them with `instanceof`
 * (layers/shared/http/envelope.ts). Card refusals use the shared CardError.
 */

/** 400: a paid plan was ordered before a billing method was set up (field `billing`). */
export class BillingRequired extends AppError {
  constructor() {
    super('Add a billing method before subscribing.', 'billing_required', 400, 'billing');
  }
}

/** 400: a Stripe webhook whose signature is missing or does not verify. */
export class WebhookSignatureInvalid extends AppError {
  constructor() {
    super('The Stripe signature is missing or invalid.', 'invalid_signature', 400);
  }
}

/** 500 with the generic message: a price of the table is missing in Stripe even after a sync. */
export class PriceMissing extends Error {
  constructor(lookupKey: string) {
    super(`Stripe has no active price with lookup key ${lookupKey}`);
    this.name = 'PriceMissing';
  }
}
