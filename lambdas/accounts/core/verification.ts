import { LIMITS } from './limits';
import type { AccountsDeps } from './ports';

/** The counter of verification codes mailed to an address (LIMITS.codesPerEmail per hour). */
export const codeMailKey = (email: string) => `code-mail:${email}`;

/**
 * Issues a fresh 6-digit verification code for an e-mail (spec §9 "Verification code length 6",
 * valid 24 hours, replacing any earlier code) and mails it with a link to /verify-email that
 * carries the address and the code (spec §2 /verify-email query email and code).
 * At most LIMITS.codesPerEmail codes per address per hour, whatever the flow (register, resend,
 * a correct password on an unverified account): each code gives an attacker 5 more guesses, so
 * an unlimited supply would make the code guessable. Over the limit nothing is issued or mailed.
 * Nothing is logged: the code reaches only the mailbox.
 * @returns true when a code was mailed, false when the hourly limit held it back.
 */
export async function sendVerificationCode(
  deps: Pick<AccountsDeps, 'codes' | 'mailer' | 'randomCode' | 'appOrigin' | 'limiter'>,
  email: string,
): Promise<boolean> {
  const issued = await deps.limiter.hit(codeMailKey(email), LIMITS.hourS);
  if (issued > LIMITS.codesPerEmail) return false;
  const code = deps.randomCode();
  await deps.codes.issue(email, code, LIMITS.codeTtlS);
  const link = `${deps.appOrigin}/verify-email?email=${encodeURIComponent(email)}&code=${code}`;
  await deps.mailer.send({
    to: email,
    subject: 'Verify your AnalyticOwl e-mail address',
    text: [
      `Your verification code is ${code}.`,
      '',
      `Or open this link to verify your address: ${link}`,
      '',
      'The code is valid for 24 hours. If you did not ask for it, ignore this e-mail.',
    ].join('\n'),
  });
  return true;
}
