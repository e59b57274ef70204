import { SERVER_MESSAGES, tooMany } from './account-errors';
import { LIMITS, type RequestMeta } from './limits';
import type { AccountsDeps } from './ports';
import { sendVerificationCode } from './verification';

/** send_verify_email result: the same for every address. */
export interface SendVerifyResult {
  message: string;
}

/**
 * Mails a new verification code (spec §4 "Resend sets a resent message"; §7 send_verify_email).
 *
 * Steps: 1. throttle per address (5 per hour) and per source address (20 per hour), counted
 * whether or not the address has an account. 2. send only when a profile exists and is not
 * verified, or is an invitation placeholder. 3. answer the same in every case, so the route
 * does not reveal which addresses have accounts.
 * @throws AppError 429 `rate_limited`.
 */
export async function sendVerifyEmail(
  deps: AccountsDeps,
  email: string,
  meta: RequestMeta,
): Promise<SendVerifyResult> {
  const [byEmail, byIp] = await Promise.all([
    deps.limiter.hit(`verify-mail:${email}`, LIMITS.hourS),
    deps.limiter.hit(`verify-ip:${meta.sourceIp}`, LIMITS.hourS),
  ]);
  if (byEmail > LIMITS.mailsPerEmail || byIp > LIMITS.mailRequestsPerIp) throw tooMany();

  const profile = await deps.accounts.profileByEmail(email);
  if (profile && (!profile.email_verified || !profile.is_registered))
    await sendVerificationCode(deps, email);
  return { message: SERVER_MESSAGES.verifySent };
}
