import { COMMS_MESSAGES } from '#shared/contracts/comms.schema';
import { AppError } from '#shared/errors';

/**
 * Throttles of the public forms (ours: the spec names none). Fixed windows of one
 * hour. A person sends one or two messages; these stop a script without hurting an office
 * that shares one address.
 */
export const COMMS_THROTTLE = {
  /** Contact messages per source address per hour. */
  contactPerIp: 10,
  /** Contact messages per e-mail address per hour. */
  contactPerEmail: 3,
  /** Do-not-sell requests per source address per hour. */
  doNotSellPerIp: 5,
  /** Do-not-sell requests per e-mail address per hour. */
  doNotSellPerEmail: 2,
  /** Window: 1 hour, in seconds. */
  windowS: 60 * 60,
} as const;

/** Business days to answer a do-not-sell request (spec §9 "Privacy: response time"). */
export const DO_NOT_SELL_DUE_BUSINESS_DAYS = 10;

/** 429 `rate_limited` with the spec §8 contact failure text. */
export const tooManyMessages = () => new AppError(COMMS_MESSAGES.problem, 'rate_limited', 429);
