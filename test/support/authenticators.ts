import type { AuthenticatorCheck } from '#shared/auth/authenticator-check';

/**
 * The user pool's authenticator settings in memory: users (Cognito `sub`s) in `withTotp` have
 * an authenticator app turned on. `asked` lists every user the check was asked about, in order.
 * `check` is what staffRoute / agentRoute and the handlers' makeHandler take.
 */
export function fakeAuthenticators(...withTotp: string[]) {
  const enrolled = new Set(withTotp);
  const asked: string[] = [];
  const port: AuthenticatorCheck = {
    hasAuthenticator: async (userId) => {
      asked.push(userId);
      return enrolled.has(userId);
    },
  };
  return { check: () => port, enrolled, asked };
}
