import type { CompaniesRepository } from '#shared/companies/companies';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import type { SimpleRegistration } from '#shared/contracts/signup.schema';
import { AppError } from '#shared/errors';
import { emailTaken } from './account-errors';
import { peekProof, proofInvalid, restoreProof, takeProof } from './auth-code';
import type { RequestMeta } from './limits';
import { loginResultFor, signInWith } from './login-result';
import type { AccountsDeps } from './ports';
import { claimProfile, ensurePersonalOrg, newProfile } from './profile';
import { claimIdentity, throttleRegistration } from './register';

/** simple_register result: a signed-in session for the new account. */
export type SimpleRegisterResult = LoginResult & { registered: true; email_address: string };

/**
 * Creates the account of the simple signup's profile step (spec §4 "revealing the profile
 * step") for the address proven in verify_auth_code, and signs the person in. No
 * second verification mail: the code already proved the mailbox.
 *
 * Steps: 1. throttle per source address (10 per hour, shared with register). 2. the proof must
 * be live. 3. an address with a verified account is refused (never a second account). 4. use the
 * proof up. 5. create the Cognito user with the password (never stored by us), or take over the
 * address's unverified user (the proof shows this person holds the mailbox; earlier sessions are
 * revoked); if that fails the proof is put back so the person can retry. 6. mark the e-mail
 * verified. 7. store the profile (verified, user_type = role), replacing an invitation
 * placeholder or the unverified registration, and give the user a personal organisation.
 * 8. sign in with the new password (stay logged in).
 * @throws AppError 429 `rate_limited`; 400 `proof_invalid` (field `proof_token`); 409
 *   `email_taken` (field `email`); ValidationError when Cognito refuses the password.
 */
export async function simpleRegister(
  deps: AccountsDeps,
  companies: CompaniesRepository,
  input: SimpleRegistration,
  meta: RequestMeta,
): Promise<SimpleRegisterResult> {
  await throttleRegistration(deps, meta);

  const peeked = await peekProof(deps.tokens, input.proof_token);
  if (!peeked) throw proofInvalid();
  const email = peeked.email;
  const existing = await deps.accounts.profileByEmail(email);
  if (existing?.is_registered && existing.email_verified) throw emailTaken();
  const proof = await takeProof(deps.tokens, input.proof_token);
  if (!proof) throw proofInvalid();

  let userId: string;
  try {
    ({ userId } = await claimIdentity(deps, email, input));
  } catch (error) {
    // Cognito failed for another reason than a taken address: the code stays usable.
    if (!(error instanceof AppError && error.code === 'email_taken')) {
      await restoreProof(deps.tokens, input.proof_token, proof, deps.now());
    }
    throw error;
  }
  await deps.identity.markEmailVerified(email);

  const at = deps.now().toISOString();
  const profile = newProfile(
    {
      // An invitation placeholder keeps what the inviter knew; the form wins where filled.
      ...(existing && !existing.is_registered ? existing : {}),
      user_id: userId,
      primary_email: email,
      first_name: input.first_name,
      last_name: input.last_name,
      user_type: input.role,
      email_verified: true,
      is_registered: true,
      has_password: true,
      created_at: at,
      updated_at: at,
    },
    deps.now(),
  );
  await claimProfile(deps.accounts, profile);
  await ensurePersonalOrg(deps, companies, profile);

  const tokens = await signInWith(deps, email, input.new_password);
  const login = await loginResultFor(deps, profile, tokens, true);
  return { ...login, registered: true, email_address: email };
}
