import { LIMITS } from './limits';
import type { AccountsDeps } from './ports';

/**
 * Issues a fresh 6-digit verification code for an e-mail (spec §9 "Verification code length 6",
 * valid 24 hours, replacing any earlier code) and mails it with a link to /verify-email that
 * carries the address and the code (spec §2 /verify-email query email and code).
 * Nothing is logged: the code reaches only the mailbox.
 */
export async function sendVerificationCode(
  deps: Pick<AccountsDeps, 'codes' | 'mailer' | 'randomCode' | 'appOrigin'>,
  email: string,
): Promise<void> {
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
}
