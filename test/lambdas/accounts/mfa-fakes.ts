import { Secret, TOTP } from 'otpauth';
import type { AuthTokens } from '#shared/contracts/account-results.schema';
import type { MemoryMfaSessions } from '../../../lambdas/accounts/adapters/memory-mfa-sessions';
import type {
  ChallengeAnswer,
  MfaAuthenticator,
  MfaPending,
} from '../../../lambdas/accounts/core/mfa-ports';
import { tokensFor, type World } from './fakes';

/** The 6-digit code an authenticator app shows for `secret` (base32) at `at`. */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/**
 * Cognito's software-token MFA in memory, checking real RFC 6238 codes against the world's
 * clock (one 30-second step either side, as Cognito). Users are named by the `sub` inside the
 * FakeIdentity tokens (`access-<sub>`); `groups` says who is staff or agent.
 */
export class FakeAuthenticator implements MfaAuthenticator {
  readonly groups = new Map<string, string[]>();
  /** sub -> secret; `enrolled` once a first code confirmed it. */
  readonly secrets = new Map<string, { secret: string; enrolled: boolean }>();
  /** Cognito challenge sessions handed out (each may be answered once). */
  readonly challenges = new Map<string, string>();
  private sessions = 0;

  constructor(private readonly now: () => Date) {}

  groupsOf(tokens: AuthTokens): string[] {
    return this.groups.get(tokens.access_token.replace(/^access-/, '')) ?? [];
  }
  async associate(accessToken: string) {
    const secret = new Secret({ size: 20 }).base32;
    this.secrets.set(accessToken.replace(/^access-/, ''), { secret, enrolled: false });
    return secret;
  }
  async confirmSetup(accessToken: string, code: string) {
    const entry = this.secrets.get(accessToken.replace(/^access-/, ''));
    if (!entry || !this.valid(entry.secret, code)) return false;
    entry.enrolled = true;
    return true;
  }
  /** What passwordLogin answers for an enrolled user: a challenge. */
  challengeFor(sub: string): MfaPending | null {
    if (!this.secrets.get(sub)?.enrolled) return null;
    const mfaSession = `cognito-session-${++this.sessions}`;
    this.challenges.set(mfaSession, sub);
    return { mfaSession, username: sub };
  }
  async answerChallenge(pending: MfaPending, code: string): Promise<ChallengeAnswer> {
    const sub = this.challenges.get(pending.mfaSession);
    const entry = sub ? this.secrets.get(sub) : undefined;
    if (!sub || !entry) return { kind: 'expired' };
    if (!this.valid(entry.secret, code)) return { kind: 'wrong' };
    this.challenges.delete(pending.mfaSession);
    return { kind: 'tokens', tokens: tokensFor(sub) };
  }
  private valid(secret: string, code: string) {
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    return totp.validate({ token: code, timestamp: this.now().getTime(), window: 1 }) !== null;
  }
}

/**
 * Makes a world's FakeIdentity stop the password sign-in at the challenge for users with a
 * confirmed authenticator (as Cognito does), and hands out the world's FakeAuthenticator (who is
 * in which group) and MFA steps.
 */
export function withMfa<W extends World>(w: W) {
  const { authenticator, sessions } = w.deps.mfa as {
    authenticator: FakeAuthenticator;
    sessions: MemoryMfaSessions;
  };
  const passwordLogin = w.identity.passwordLogin.bind(w.identity);
  Object.assign(w.identity, {
    passwordLogin: async (email: string, password: string) => {
      const tokens = await passwordLogin(email, password);
      if (tokens === null || tokens === 'unverified' || 'mfaSession' in tokens) return tokens;
      return authenticator.challengeFor(tokens.access_token.replace(/^access-/, '')) ?? tokens;
    },
  });
  return { ...w, authenticator, sessions };
}
