import { MemoryAccounts } from '#shared/accounts/memory-accounts';
import type { Caller } from '#shared/auth/caller';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import type { AuthTokens } from '#shared/contracts/account-results.schema';
import { Conflict, NotFound, Unauthenticated } from '#shared/errors';
import type { AccountsRuntime } from '../../../lambdas/accounts/adapters/accounts-deps';
import { MemoryMfaSessions } from '../../../lambdas/accounts/adapters/memory-mfa-sessions';
import { MemoryOneTimeTokens } from '../../../lambdas/accounts/adapters/memory-one-time-tokens';
import { MemoryRateLimiter } from '../../../lambdas/accounts/adapters/memory-rate-limiter';
import { MemoryVerificationCodes } from '../../../lambdas/accounts/adapters/memory-verification-codes';
import type {
  AccountsDeps,
  IdentityProvider,
  IdentityUser,
  Mailer,
  MailMessage,
} from '../../../lambdas/accounts/core/ports';
import { FakeAuthenticator } from './mfa-fakes';

/** A user pool in memory: passwords in plain text (it is a test), subs `sub-1`, `sub-2`, ... */
export class FakeIdentity implements IdentityProvider {
  readonly users = new Map<string, IdentityUser & { password: string }>();
  /** Hosted-UI codes -> the ID token claims they stand for (google_login). */
  readonly googleCodes = new Map<
    string,
    { sub: string; email: string; givenName: string; familyName: string }
  >();
  private next = 0;

  async createUser(input: { email: string; password: string }) {
    if (this.users.has(input.email)) throw new Conflict('taken');
    this.next += 1;
    const userId = `sub-${this.next}`;
    this.users.set(input.email, {
      userId,
      password: input.password,
      emailVerified: false,
      enabled: true,
    });
    return userId;
  }
  async findUser(email: string) {
    const u = this.users.get(email);
    return u ? { userId: u.userId, emailVerified: u.emailVerified, enabled: u.enabled } : null;
  }
  async setPassword(email: string, password: string) {
    const u = this.users.get(email);
    if (!u) throw new NotFound('Account');
    u.password = password;
  }
  async markEmailVerified(email: string) {
    const u = this.users.get(email);
    if (u) u.emailVerified = true;
  }
  /** E-mails signed out everywhere, in order. */
  readonly signedOut: string[] = [];

  async passwordLogin(email: string, password: string) {
    const u = this.users.get(email);
    if (!u || u.password !== password) return null;
    // As the pool's pre-token-generation trigger: no tokens before the e-mail is verified.
    return u.emailVerified ? tokensFor(u.userId) : ('unverified' as const);
  }
  async signOutEverywhere(email: string) {
    this.signedOut.push(email);
  }
  async exchangeCode(code: string) {
    const claims = this.googleCodes.get(code);
    if (!claims) throw new Unauthenticated('Google sign-in failed. Please try again.');
    return tokensFor(`google:${code}`);
  }
  async verifyIdToken(idToken: string) {
    const code = idToken.replace(/^id-google:/, '');
    const claims = this.googleCodes.get(code);
    if (!claims) throw new Unauthenticated();
    return { ...claims, emailVerified: true };
  }
}

/** The tokens FakeIdentity hands out for a user. */
export function tokensFor(userId: string): AuthTokens {
  return {
    id_token: `id-${userId}`,
    access_token: `access-${userId}`,
    refresh_token: `refresh-${userId}`,
    expires_in: 3600,
  };
}

/** Keeps every message; `lastTo` finds the newest one to an address. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === email).at(-1);
  }
  /** The 6-digit code of the newest mail to `email`. */
  codeFor(email: string): string {
    const code = this.lastTo(email)?.text.match(/code is (\d{6})/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
  /** The `xrg` reset token of the newest mail to `email`. */
  resetTokenFor(email: string): string {
    const token = this.lastTo(email)?.text.match(/xrg=([\w%-]+)/)?.[1];
    if (!token) throw new Error(`no reset link mailed to ${email}`);
    return decodeURIComponent(token);
  }
}

/** Everything a test needs, with a clock it can move (`clock.advance(seconds)`). */
export function makeWorld(start = '2026-11-22T12:00:00.000Z') {
  let nowMs = Date.parse(start);
  const now = () => new Date(nowMs);
  const accounts = new MemoryAccounts();
  const companies = new MemoryCompanies(accounts);
  const identity = new FakeIdentity();
  const mailer = new RecordingMailer();
  let secrets = 0;
  let codes = 0;
  let ids = 0;
  const deps: AccountsDeps = {
    identity,
    accounts,
    tokens: new MemoryOneTimeTokens(now),
    codes: new MemoryVerificationCodes(now),
    limiter: new MemoryRateLimiter(now),
    mailer,
    appOrigin: 'https://app.test',
    now,
    randomToken: () => `secret-token-${String(++secrets).padStart(30, '0')}`,
    randomCode: () => String(123456 + codes++),
    newId: () => `org-${++ids}`,
    // Nobody is staff or agent unless a test says so (mfa-fakes.ts withMfa).
    mfa: { authenticator: new FakeAuthenticator(now), sessions: new MemoryMfaSessions(now) },
  };
  const runtime: AccountsRuntime = { deps, companies };
  return {
    deps,
    runtime,
    accounts,
    companies,
    identity,
    mailer,
    clock: { advance: (seconds: number) => (nowMs += seconds * 1000) },
  };
}
export type World = ReturnType<typeof makeWorld>;

/** A valid registration body (advertiser). */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'Ada@Example.com',
    phone: '(212) 555-0100',
    user_type: 'self',
    industry_id: '1',
    company: 'Analytical Engines',
    url: 'https://engines.example.com',
    years_experience_raw: 3,
    new_password: 'ab12!cdef',
    confirm_password: 'ab12!cdef',
    accept_terms: true,
    ...overrides,
  };
}

/** A signed-in caller. */
export function callerOf(userId: string, email: string | null, extra: Partial<Caller> = {}) {
  return { userId, email, emailVerified: true, staff: false, agent: false, ...extra };
}
