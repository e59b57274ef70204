import type { AccountsRepository, UserProfile } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';

/** The brand of ProvenCaller: a type only, never a value, so no other module can forge it. */
declare const proven: unique symbol;

/**
 * A caller whose `emailVerified` is true only when the token claims it AND the caller's profile
 * says that very address was proven (verify_email, a reset link, a sign-up code, Google). Only
 * provenFrom and provenCaller make one, so a use case that takes it (the share functions in
 * shares.ts) cannot be handed the token's caller by mistake: that does not compile.
 */
export type ProvenCaller = Caller & { readonly [proven]: true };

/**
 * The caller with `emailVerified` checked against their profile (see ProvenCaller). Flows that
 * act on "the caller's verified e-mail" (shares to me, invitations) take this, never the claim
 * alone: a claim is only as good as its issuer, and cognito-local called every address verified.
 */
export function provenFrom(caller: Caller, profile: UserProfile | null): ProvenCaller {
  const verified =
    caller.emailVerified &&
    caller.email !== null &&
    profile?.email_verified === true &&
    profile.primary_email === caller.email;
  return { ...caller, emailVerified: verified } as ProvenCaller;
}

/** provenFrom with the caller's stored profile. */
export async function provenCaller(
  accounts: Pick<AccountsRepository, 'getProfile'>,
  caller: Caller,
): Promise<ProvenCaller> {
  return provenFrom(caller, await accounts.getProfile(caller.userId));
}
