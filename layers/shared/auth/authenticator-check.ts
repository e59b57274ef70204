/**
 * Whether a member of staff or an agent has an authenticator app (Cognito software-token MFA,
 * TOTP). The user pool's MFA is optional per user, so an account that never added one could take
 * tokens straight from the pool's public client (USER_PASSWORD_AUTH or SRP) and skip the setup
 * step of the login page; every route asks this port when the claims say staff or agent
 * (layers/shared/http/route-handler.ts): the staff and agent routes refuse such a caller, the
 * others see it without its groups. Once an account has one, Cognito asks for its code on
 * every sign-in path. Adapter: cognito-authenticator-check.ts (AdminGetUser).
 */
export interface AuthenticatorCheck {
  /**
   * @param userId the caller's Cognito `sub`.
   * @returns true when the user has SOFTWARE_TOKEN_MFA turned on; false when not, or when the
   *   pool does not know the user.
   */
  hasAuthenticator(userId: string): Promise<boolean>;
}

/**
 * The check when no user pool is configured: nobody has an authenticator, so staff and agent
 * claims grant nothing (the staff and agent routes answer `mfa_required`, every other route
 * sees a plain customer). Failing closed: a missing setting never promotes a caller.
 */
export const NO_AUTHENTICATORS: AuthenticatorCheck = {
  hasAuthenticator: async () => false,
};

/**
 * How long a container trusts a yes, in seconds (5 minutes): a staff or agent screen makes many
 * calls, and an authenticator is rarely taken away. A no is never kept, so an account that just
 * added one is let in at once.
 */
export const AUTHENTICATOR_CACHE_S = 300;

/** Above this many remembered users the cache starts again (staff and agents are few). */
const MAX_REMEMBERED = 1000;

/**
 * `inner` with its yes answers kept per container for {@link AUTHENTICATOR_CACHE_S}.
 * @param nowMs the clock in epoch milliseconds. @default Date.now
 */
export function cachedAuthenticatorCheck(
  inner: AuthenticatorCheck,
  nowMs: () => number = Date.now,
  ttlS: number = AUTHENTICATOR_CACHE_S,
): AuthenticatorCheck {
  const yesUntil = new Map<string, number>();
  return {
    async hasAuthenticator(userId) {
      const until = yesUntil.get(userId);
      if (until !== undefined && nowMs() < until) return true;
      const has = await inner.hasAuthenticator(userId);
      if (yesUntil.size >= MAX_REMEMBERED) yesUntil.clear();
      if (has) yesUntil.set(userId, nowMs() + ttlS * 1000);
      else yesUntil.delete(userId);
      return has;
    },
  };
}
