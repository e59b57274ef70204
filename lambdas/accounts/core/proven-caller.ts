import type { AccountsRepository, UserProfile } from '../../../layers/shared/accounts/accounts';
import type { Caller } from '../../../layers/shared/auth/caller';

/**
 * The caller with `emailVerified` true only when the token claims it AND the caller's profile
 * says that very address was proven (verify_email, a reset link, a sign-up code, Google).
 * Flows that act on "the caller's verified e-mail" (shares to me, invitations) take this, never
 * the claim alone: a claim is only as good as its issuer, and cognito-local called every address
 * verified.
 */
export function provenFrom(caller: Caller, profile: UserProfile | null): Caller {
  const proven =
    caller.emailVerified &&
    caller.email !== null &&
    profile?.email_verified === true &&
    profile.primary_email === caller.email;
  return { ...caller, emailVerified: proven };
}

/** provenFrom with the caller's stored profile. */
export async function provenCaller(
  accounts: Pick<AccountsRepository, 'getProfile'>,
  caller: Caller,
): Promise<Caller> {
  return provenFrom(caller, await accounts.getProfile(caller.userId));
}
