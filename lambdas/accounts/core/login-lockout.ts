import { AppError } from '#shared/errors';
import { logger } from '#shared/logger';
import { loginLocked } from './account-errors';
import { LIMITS, type RequestMeta } from './limits';
import type { AccountsDeps } from './ports';

/**
 * The login lockout (account security rules). Every password check first takes a slot, in one
 * atomic step, of the account's 5 and the source address's 30 per 15-minute window, so parallel
 * guesses cannot pass the limits. A wrong password keeps its slots; anything else gives them
 * back. The attempt that fills the account's 5th slot with a wrong password locks it and mails
 * the owner (once per lockout) a single-use unlock link valid 1 hour: with that link the right
 * password signs in from any address while the lock lasts and clears it, so nobody can keep an
 * owner out just by failing on purpose. Locked answers are the same whether or not the address
 * has an account.
 */

/** The text of a locked account (the same for addresses without one). */
export const ACCOUNT_LOCKED_MESSAGE =
  "This account is locked after too many failed sign-ins. We've e-mailed its owner a link to unlock it now; otherwise try again in 15 minutes.";

/** 429 `account_locked` on field `email_address`. */
export const accountLocked = () =>
  new AppError(ACCOUNT_LOCKED_MESSAGE, 'account_locked', 429, 'email_address');

const accountKey = (email: string) => `acct:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** What a login does with its slots once the password check has answered. */
export interface LoginGate {
  /** Wrong password: the slots stay taken; the one that locks the account mails the owner. */
  failed(): Promise<void>;
  /** Right password without a sign-in (unverified address): the slots are given back. */
  release(): Promise<void>;
  /** Signed in: the account's failures are cleared, the address's slot given back, the unlock link used up. */
  passed(): Promise<void>;
}

/**
 * Lets one login attempt through to the password check, or refuses it.
 * Steps: 1. a slot of the source address (30 per window). 2. an unlock link of this address
 * skips the account's lock; otherwise a slot of the account (5 per window).
 * @throws AppError 429 `rate_limited` when the address is locked; 429 `account_locked` when the
 *   account is (nothing is counted then).
 */
export async function enterLogin(
  deps: AccountsDeps,
  email: string,
  meta: RequestMeta,
  unlockToken?: string,
): Promise<LoginGate> {
  const window = LIMITS.loginWindowS;
  const { limiter } = deps;
  if ((await limiter.take(ipKey(meta.sourceIp), window, LIMITS.loginFailuresPerIp)) === null)
    throw loginLocked();
  const unlock = unlockToken ? await deps.tokens.peek('unlock', unlockToken) : null;
  const unlocking = unlock?.email === email;
  const slot = unlocking
    ? 0
    : await limiter.take(accountKey(email), window, LIMITS.loginFailuresPerAccount);
  if (slot === null) {
    await limiter.giveBack(ipKey(meta.sourceIp), window);
    throw accountLocked();
  }
  return {
    failed: async () => {
      if (slot !== LIMITS.loginFailuresPerAccount) return;
      // The lock holds without the mail; a failed send must not turn the answer into a 500.
      await mailUnlockLink(deps, email).catch((error: Error) =>
        logger.error('unlock e-mail failed', { error }),
      );
    },
    release: async () => {
      await limiter.giveBack(ipKey(meta.sourceIp), window);
      if (!unlocking) await limiter.giveBack(accountKey(email), window);
    },
    passed: async () => {
      await limiter.giveBack(ipKey(meta.sourceIp), window);
      await limiter.reset(accountKey(email), window);
      if (unlocking && unlockToken) await deps.tokens.take('unlock', unlockToken);
    },
  };
}

/**
 * Mails the owner of a just-locked account a single-use unlock link (`/login?unlock=<secret>`,
 * 1 hour; only its SHA-256 is stored). Addresses without a registered profile get nothing.
 */
async function mailUnlockLink(deps: AccountsDeps, email: string): Promise<void> {
  const profile = await deps.accounts.profileByEmail(email);
  if (!profile?.is_registered) return;
  const secret = deps.randomToken();
  await deps.tokens.put('unlock', secret, { email }, LIMITS.unlockTtlS);
  const link = `${deps.appOrigin}/login?unlock=${encodeURIComponent(secret)}&email=${encodeURIComponent(email)}`;
  await deps.mailer.send({
    to: email,
    subject: 'Your AnalyticOwl account was locked',
    text: [
      `Someone failed to sign in to your account ${LIMITS.loginFailuresPerAccount} times, so it is locked for 15 minutes.`,
      '',
      `If it was you, open this link and log in with your password to unlock it now: ${link}`,
      '',
      'The link works once and expires in 1 hour. If it was not you, nobody got in; you may want',
      'to choose a new password with "Forgot password?" on the login page.',
    ].join('\n'),
  });
}
