import type { SendAuthCodeResult, VerifyAuthCodeResult } from '#shared/contracts/signup.schema';
import { SIGNUP_MESSAGES } from '#shared/contracts/signup.schema';
import { AppError } from '#shared/errors';
import { tooMany } from './account-errors';
import { LIMITS, type RequestMeta } from './limits';
import type { AccountsDeps, OneTimeTokens } from './ports';

/**
 * The simple signup's e-mail codes (spec §4 "After a code is sent the code field
 * appears; a 6-character code triggers verification and sets authenticated"; §7 send_auth_code).
 * Codes live in the shared VerificationCodes store under their own key (`signup:<email>`), so a
 * sign-up code never verifies a registration and the other way round. A checked code becomes a
 * single-use proof token (OneTimeTokens kind `verify`) that simple_register redeems.
 */

/** Limits of the simple signup codes; windows and lifetimes in seconds. */
export const AUTH_CODE_LIMITS = {
  /** A code lives 15 minutes and works once. */
  codeTtlS: 15 * 60,
  /** The proof of a checked code lives 30 minutes: time to fill in the profile step. */
  proofTtlS: 30 * 60,
  /** Code mails per address per hour (as the other account mails). */
  mailsPerEmail: LIMITS.mailsPerEmail,
  /** Code mails per source address per hour. */
  mailRequestsPerIp: LIMITS.mailRequestsPerIp,
  /** Code checks per source address per hour (each address also dies after 5 wrong guesses). */
  checksPerIp: 30,
  /** Window of the throttles: 1 hour. */
  windowS: LIMITS.hourS,
} as const;

/** What a proof token stands for (its payload in OneTimeTokens). */
export interface SignupProof {
  /** The proven address, lower-case. */
  email: string;
  /** Epoch seconds UTC after which the proof is dead. */
  expiresAt: number;
}

const PURPOSE = 'simple_signup';

/** The VerificationCodes key of an address's sign-up code. */
export const signupCodeKey = (email: string) => `signup:${email}`;

/** 400 `verify_failed` on field `code`: wrong, used, expired or worn-out code. */
export const codeFailed = () =>
  new AppError(SIGNUP_MESSAGES.codeFailed, 'verify_failed', 400, 'code');

/** 400 `proof_invalid` on field `proof_token`: unknown, used or expired proof. */
export const proofInvalid = () =>
  new AppError(SIGNUP_MESSAGES.proofInvalid, 'proof_invalid', 400, 'proof_token');

/**
 * Mails a 6-character sign-up code (spec §7 send_auth_code, §9 "Verification code length 6").
 *
 * Steps: 1. throttle per address (5 per hour) and per source address (20 per hour), both
 * counted on every call. 2. store a fresh code for 15 minutes, replacing any earlier one.
 * 3. mail it. The answer is the same whether or not the address has an account (that is only
 * told to whoever proves the mailbox, in verify_auth_code). Nothing logs the code.
 * @throws AppError 429 `rate_limited`.
 */
export async function sendAuthCode(
  deps: Pick<AccountsDeps, 'codes' | 'mailer' | 'randomCode' | 'limiter'>,
  email: string,
  meta: RequestMeta,
): Promise<SendAuthCodeResult> {
  const [byEmail, byIp] = await Promise.all([
    deps.limiter.hit(`auth-code-mail:${email}`, AUTH_CODE_LIMITS.windowS),
    deps.limiter.hit(`auth-code-ip:${meta.sourceIp}`, AUTH_CODE_LIMITS.windowS),
  ]);
  if (byEmail > AUTH_CODE_LIMITS.mailsPerEmail || byIp > AUTH_CODE_LIMITS.mailRequestsPerIp)
    throw tooMany();

  const code = deps.randomCode();
  if (!(await deps.codes.issue(signupCodeKey(email), code, AUTH_CODE_LIMITS.codeTtlS)))
    throw tooMany();
  await deps.mailer.send({
    to: email,
    subject: 'Your AnalyticOwl verification code',
    text: [
      `Your verification code is ${code}.`,
      '',
      'Type it on the sign-up page to continue. It works once and is valid for 15 minutes.',
      'If you did not ask for it, ignore this e-mail.',
    ].join('\n'),
  });
  return { email_address: email, verification_sent: true };
}

/**
 * Checks a sign-up code (spec §4 "sets authenticated").
 *
 * Steps: 1. throttle per source address (30 checks per hour). 2. check and consume the code
 * (single use; 5 wrong guesses or 15 minutes kill it). 3. an address with a verified account
 * gets `has_account` and no proof: the page offers "log in instead", never a second account (an
 * unverified registration is no account: the proof may replace it).
 * 4. otherwise issue a single-use proof token valid 30 minutes for simple_register.
 * @throws AppError 429 `rate_limited`; 400 `verify_failed` (field `code`).
 */
export async function verifyAuthCode(
  deps: Pick<AccountsDeps, 'codes' | 'accounts' | 'tokens' | 'limiter' | 'randomToken' | 'now'>,
  input: { email_address: string; code: string },
  meta: RequestMeta,
): Promise<VerifyAuthCodeResult> {
  const checks = await deps.limiter.hit(`auth-check-ip:${meta.sourceIp}`, AUTH_CODE_LIMITS.windowS);
  if (checks > AUTH_CODE_LIMITS.checksPerIp) throw tooMany();

  const email = input.email_address;
  if ((await deps.codes.check(signupCodeKey(email), input.code, true)) !== 'ok') throw codeFailed();

  const profile = await deps.accounts.profileByEmail(email);
  if (profile?.is_registered && profile.email_verified)
    return { authenticated: true, email_address: email, has_account: true };

  const secret = deps.randomToken();
  const ttl = AUTH_CODE_LIMITS.proofTtlS;
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + ttl;
  await deps.tokens.put(
    'verify',
    secret,
    { purpose: PURPOSE, email, expires_at: String(expiresAt) },
    ttl,
  );
  return {
    authenticated: true,
    email_address: email,
    has_account: false,
    proof_token: secret,
    proof_expires_in: ttl,
  };
}

function asProof(payload: Record<string, string> | null): SignupProof | null {
  if (payload?.purpose !== PURPOSE || !payload.email) return null;
  return { email: payload.email, expiresAt: Number(payload.expires_at) };
}

/** The proof behind a token without using it; null when unknown, used or expired. */
export async function peekProof(tokens: OneTimeTokens, secret: string) {
  return asProof(await tokens.peek('verify', secret));
}

/** Uses a proof up (atomic: of two racing requests one gets it); null when not live. */
export async function takeProof(tokens: OneTimeTokens, secret: string) {
  return asProof(await tokens.take('verify', secret));
}

/**
 * Puts a taken proof back for the rest of its life, after a failure the person can fix (e.g.
 * the identity provider refused the password), so they need not start over.
 */
export async function restoreProof(
  tokens: OneTimeTokens,
  secret: string,
  proof: SignupProof,
  now: Date,
): Promise<void> {
  const left = proof.expiresAt - Math.floor(now.getTime() / 1000);
  if (left <= 0) return;
  await tokens.put(
    'verify',
    secret,
    { purpose: PURPOSE, email: proof.email, expires_at: String(proof.expiresAt) },
    left,
  );
}
