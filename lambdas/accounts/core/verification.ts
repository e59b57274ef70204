import { LIMITS } from './limits';
import type { AccountsDeps } from './ports';

/**
 * Issues a fresh 6-digit verification code for an e-mail (spec §9 "Verification code length 6",
 * valid 24 hours, replacing any earlier code). The store gives an address at most
 * LIMITS.codesPerEmail codes per hour, whatever the flow (register, resend, a correct password
 * on an unverified account, a share invitation): each code is 5 more guesses, so an unlimited
 * supply would make the code guessable.
 * @returns the code, or null when the hourly limit held it back (the live code stays).
 */
export async function issueVerificationCode(
  deps: Pick<AccountsDeps, 'codes' | 'randomCode'>,
  email: string,
): Promise<string | null> {
  const code = deps.randomCode();
  return (await deps.codes.issue(email, code, LIMITS.codeTtlS)) ? code : null;
}

/**
 * Mails an issued code with a link to /verify-email that carries the address and the code
 * (spec §2 /verify-email query email and code). Nothing is logged: the code reaches only the
 * mailbox.
 */
export async function mailVerificationCode(
  deps: Pick<AccountsDeps, 'mailer' | 'appOrigin'>,
  email: string,
  code: string,
): Promise<void> {
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

/**
 * Issues and mails a verification code (issueVerificationCode, mailVerificationCode).
 * @returns true when a code was mailed, false when the hourly limit held it back.
 */
export async function sendVerificationCode(
  deps: Pick<AccountsDeps, 'codes' | 'mailer' | 'randomCode' | 'appOrigin'>,
  email: string,
): Promise<boolean> {
  const code = await issueVerificationCode(deps, email);
  if (code === null) return false;
  await mailVerificationCode(deps, email, code);
  return true;
}
