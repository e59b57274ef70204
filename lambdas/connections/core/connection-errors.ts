import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { AppError } from '#shared/errors';

/**
 * 410: a connection link or sign-in that no longer works (expired, used, cancelled, unknown, or
 * naming another client). One answer for every case, so a public caller learns nothing about
 * clients or requests it does not hold a valid link for.
 */
export class RequestGone extends AppError {
  constructor() {
    super(CONNECTION_MESSAGES.requestGone, 'request_gone', 410);
  }
}

/** 502: Google refused or failed a call; the message never carries Google's answer or a token. */
export class GoogleUnavailable extends AppError {
  constructor(message = 'Google did not answer as expected. Please try again.') {
    super(message, 'google_failed', 502);
  }
}
