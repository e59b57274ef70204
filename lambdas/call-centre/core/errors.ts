import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import { AppError, ValidationError } from '#shared/errors';

/**
 * Domain errors of the call-centre routes (house-style item 8). The shared error middleware maps
 * them by `instanceof AppError`; the screen shows `message` in its "Problem!" popup (spec §8).
 * Texts marked "ours" are not in the spec.
 */
export const CALL_SERVER_MESSAGES = {
  /** ours: three saves in a row lost to someone else's. */
  busy: 'Someone else is saving this advertiser right now. Please try again.',
  /** ours: a second sign-up of a subscriber (the Sign-up section is hidden for them, spec §4). */
  alreadySignedUp: 'This advertiser is already signed up.',
} as const;

/** 404 `not_found`: no call record has that id (spec §7 cls_get_record, cls_activity). */
export const recordNotFound = () =>
  new AppError(CALL_MESSAGES.notFound, 'not_found', 404, 'client_id');

/** 400 `invalid_input` naming `field` (dot path, e.g. `signup_info.city`). */
export const invalidField = (message: string, field: string) => new ValidationError(message, field);

/** 409 `do_not_call`: the advertiser asked not to be called, so the activity is refused. */
export const doNotCallRefused = () => new AppError(CALL_MESSAGES.doNotCall, 'do_not_call', 409);

/** 409 `already_signed_up`. */
export const alreadySignedUp = () =>
  new AppError(CALL_SERVER_MESSAGES.alreadySignedUp, 'already_signed_up', 409);

/** 409 `conflict`: the record kept changing under the save (after the retries). */
export const saveBusy = () => new AppError(CALL_SERVER_MESSAGES.busy, 'conflict', 409);
