import type { CompaniesRepository } from '#shared/companies/companies';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { AppError } from '#shared/errors';
import { SERVER_MESSAGES } from './account-errors';
import { loginResultFor } from './login-result';
import { googleNotForStaff, mfaRequiredFor } from './mfa-rules';
import type { AccountsDeps } from './ports';
import { claimProfile, ensurePersonalOrg, newProfile } from './profile';

/** google_login input (googleLoginSchema). */
export interface GoogleLoginInput {
  code: string;
  /** The PKCE verifier the browser kept for this sign-in (RFC 7636). */
  code_verifier: string;
}

/**
 * Google sign-in through Cognito's hosted UI (spec §4 "Google login"), with Google as a
 * federated identity provider.
 *
 * Steps: 1. exchange the authorization code with its PKCE verifier for Cognito tokens, for the
 * app's own return address `<appOrigin>/login` (the one the hosted UI was sent to). 2. verify the ID token
 * (signature, issuer, audience, expiry); a member of staff or agent is refused (their sign-in
 * needs the authenticator code, which this path cannot ask). 3. first sign-in: create the profile from the claims
 * (no password, e-mail verified by Google), replacing an invitation placeholder, plus a personal
 * organisation. 4. answer with tokens (or the white-label redirect).
 * @throws AppError 409 `email_taken` when a password account already claims the e-mail (the
 *   two are not linked automatically); Unauthenticated for a refused code or token; AppError
 *   400 `google_not_configured` from the identity provider; AppError 403 `mfa_required` for
 *   staff and agents.
 */
export async function googleLogin(
  deps: AccountsDeps,
  companies: CompaniesRepository,
  input: GoogleLoginInput,
): Promise<LoginResult> {
  const tokens = await deps.identity.exchangeCode(
    input.code,
    `${deps.appOrigin}/login`,
    input.code_verifier,
  );
  const claims = await deps.identity.verifyIdToken(tokens.id_token);
  // Google sign-in has no authenticator step; staff and agents must use password and code.
  if (mfaRequiredFor(deps.mfa.authenticator.groupsOf(tokens))) throw googleNotForStaff();
  const email = claims.email.toLowerCase();

  let profile = await deps.accounts.getProfile(claims.sub);
  if (!profile) {
    const other = await deps.accounts.profileByEmail(email);
    if (other?.is_registered)
      throw new AppError(SERVER_MESSAGES.googleEmailTaken, 'email_taken', 409, 'email');
    profile = newProfile(
      {
        ...(other ?? {}),
        user_id: claims.sub,
        primary_email: email,
        first_name: claims.givenName || other?.first_name || '',
        last_name: claims.familyName || other?.last_name || '',
        email_verified: true,
        is_registered: true,
        has_password: false,
        created_at: deps.now().toISOString(),
        updated_at: deps.now().toISOString(),
      },
      deps.now(),
    );
    await claimProfile(deps.accounts, profile);
    await ensurePersonalOrg(deps, companies, profile);
  }
  return loginResultFor(deps, profile, tokens, true);
}
