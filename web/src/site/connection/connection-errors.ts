import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { ApiError, errorMessage } from '../../api/client';

/**
 * True when a connection route's refusal means the link itself is over: its request expired,
 * was used or cancelled, or is unknown (404 not found, 409 already used, 410 gone).
 */
export function linkGone(error: unknown): boolean {
  return error instanceof ApiError && [404, 409, 410].includes(error.status);
}

/** A connection page's failure in words: the spec's "link gone" text, else the server's. */
export function connectionProblem(error: unknown): string {
  return linkGone(error) ? CONNECTION_MESSAGES.requestGone : errorMessage(error);
}
