/**
 * Domain errors shared by every bounded context. The HTTP error middleware maps them to status
 * codes with `instanceof` (house-style item 8); every error response uses one envelope:
 * `{ success: false, message, error: { code, message, field? } }`.
 */

/** Base class: a message safe to show to the user, a stable code and the HTTP status. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    /** The input field the error is about, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: input failed validation; `field` names the field (dot path). */
export class ValidationError extends AppError {
  constructor(message: string, field?: string) {
    super(message, 'invalid_input', 400, field);
  }
}

/** 401: no or bad credentials. */
export class Unauthenticated extends AppError {
  constructor(message = 'Please log in.') {
    super(message, 'unauthenticated', 401);
  }
}

/** 403: the caller is known but lacks the role (staff-only routes). */
export class Forbidden extends AppError {
  constructor(message = 'You do not have access to this.') {
    super(message, 'forbidden', 403);
  }
}

/**
 * 404: the thing does not exist OR the caller may not see it. Both answer the same, so ids of
 * other customers' data cannot be probed.
 */
export class NotFound extends AppError {
  constructor(what: string) {
    super(`${what} not found.`, 'not_found', 404);
  }
}

/** 409: the request conflicts with the current state (e.g. confirming an import twice). */
export class Conflict extends AppError {
  constructor(message: string) {
    super(message, 'conflict', 409);
  }
}

/**
 * 402: a card was refused or could not be saved. The error envelope also carries
 * `result.card_result.message` (spec §7 "error may carry result.card_result.message"), the
 * card's own message the billing form shows (spec §8 "card errors show the card result message").
 */
export class CardError extends AppError {
  readonly result: { card_result: { message: string } };
  constructor(message: string) {
    super(message, 'card_error', 402, 'credit_card');
    this.result = { card_result: { message } };
  }
}

/** The spec §8 generic message for unexpected failures. */
export const GENERIC_ERROR_MESSAGE =
  "Something happened! We've been notified and are looking into it. Please try again later.";
