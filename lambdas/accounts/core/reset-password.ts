import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import { tooMany } from './account-errors';
import { LIMITS, type RequestMeta } from './limits';
import type { AccountsDeps } from './ports';

/** reset_password result: the same for every address (spec §8 reset success text). */
export interface ResetRequestResult {
  message: string;
}

/**
 * Starts a password reset (spec §2 /reset-password with query xrg; §8 "Password Reset. Please
 * check your email.").
 *
 * Steps: 1. throttle per address (5 per hour) and per source address (20 per hour). 2. only
 * for a registered profile: store a random 32-byte token (base64url) for 1 hour, single use, and
 * mail `<app>/reset-password?xrg=<token>`. 3. answer the same in every case, so the route does
 * not reveal which addresses have accounts.
 * @throws AppError 429 `rate_limited`.
 */
export async function resetPassword(
  deps: AccountsDeps,
  email: string,
  meta: RequestMeta,
): Promise<ResetRequestResult> {
  const [byEmail, byIp] = await Promise.all([
    deps.limiter.hit(`reset-mail:${email}`, LIMITS.hourS),
    deps.limiter.hit(`reset-ip:${meta.sourceIp}`, LIMITS.hourS),
  ]);
  if (byEmail > LIMITS.mailsPerEmail || byIp > LIMITS.mailRequestsPerIp) throw tooMany();

  const profile = await deps.accounts.profileByEmail(email);
  if (profile?.is_registered) {
    const token = deps.randomToken();
    await deps.tokens.put('reset', token, { email }, LIMITS.resetTtlS);
    const link = `${deps.appOrigin}/reset-password?xrg=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to: email,
      subject: 'Reset your AnalyticOwl password',
      text: [
        `Open this link to choose a new password: ${link}`,
        '',
        'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail;',
        'your password stays the same.',
      ].join('\n'),
    });
  }
  return { message: ACCOUNT_MESSAGES.resetSent };
}
