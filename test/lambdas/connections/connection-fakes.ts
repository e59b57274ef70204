import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryConnectionRequests } from '#shared/connections/memory-connection-requests';
import { MemoryConnectionsStore } from '#shared/connections/memory-connections-store';
import { LocalTokenVault } from '#shared/connections/token-vault';
import { MemoryOAuthSessions } from '../../../lambdas/connections/adapters/memory-oauth-sessions';
import {
  type BackfillMessage,
  type ConnectionDeps,
  GoogleFailure,
  type GoogleGateway,
  type ListedProperty,
  type MailMessage,
} from '../../../lambdas/connections/core/ports';
import { pkceChallenge } from '../../../lambdas/connections/core/secrets';
import { twoCustomers, user } from '../accounts/sharing-fakes';

/** A GA4 property as Google would list it. */
export function gaProperty(gaid: string, url: string, over: Partial<ListedProperty> = {}) {
  const p: ListedProperty = {
    gaid,
    gapropertyid: gaid,
    gaview: `Property ${gaid}`,
    gaurl: url,
    gaccount_id: '900',
    account_name: 'Acme account',
    time_zone: 'America/New_York',
    ...over,
  };
  return p;
}

/**
 * Google as the routes see it: codes map to grants (each code trades once, like Google), a
 * refresh token reads its user's properties, the service account reads `viewer`.
 */
export class FakeGoogle implements GoogleGateway {
  /** code -> the user it signs in (refresh token `rt-<email>`) and the PKCE challenge. */
  readonly codes = new Map<string, { email: string; challenge: string; offline?: boolean }>();
  /** refresh token -> its properties. */
  readonly userProperties = new Map<string, ListedProperty[]>();
  viewer: ListedProperty[] = [];
  readonly revoked: string[] = [];
  readonly authorized: Array<{ state: string; codeChallenge: string }> = [];
  exchanges = 0;
  /** Listings of stored connections' grants asked for (listGrantProperties). */
  grantListings = 0;
  failViewer = false;

  async authorizeUrl(input: { state: string; codeChallenge: string }) {
    this.authorized.push(input);
    const q = new URLSearchParams({ state: input.state, code_challenge: input.codeChallenge });
    return `https://accounts.google.test/o/oauth2/v2/auth?${q.toString()}`;
  }

  async exchangeCode(code: string, verifier: string) {
    this.exchanges += 1;
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || pkceChallenge(verifier) !== grant.challenge)
      throw new GoogleFailure('token', 400, 'invalid_grant', true);
    return {
      refreshToken: grant.offline === false ? null : `rt-${grant.email}`,
      email: grant.email,
    };
  }

  /**
   * The consent screen: `email` allows the sign-in started with `state`; returns the code Google
   * would put on the redirect.
   */
  consent(state: string, email: string, code = `code-${email}`, offline = true): string {
    const started = this.authorized.find((a) => a.state === state);
    if (!started) throw new Error(`no sign-in started with state ${state}`);
    this.codes.set(code, { email, challenge: started.codeChallenge, offline });
    return code;
  }

  async listUserProperties(refreshToken: string) {
    if (this.revoked.includes(refreshToken))
      throw new GoogleFailure('accountSummaries', 400, 'invalid_grant', true);
    return structuredClone(this.userProperties.get(refreshToken) ?? []);
  }

  /** No reuse here: the real gateway's reuse is its own test's business. */
  async listGrantProperties(_key: string, refreshToken: () => Promise<string>) {
    this.grantListings += 1;
    return this.listUserProperties(await refreshToken());
  }

  async listViewerProperties() {
    if (this.failViewer) throw new GoogleFailure('accountSummaries', 503, 'UNAVAILABLE', false);
    return structuredClone(this.viewer);
  }

  async revoke(refreshToken: string) {
    this.revoked.push(refreshToken);
  }

  async serviceAccountEmail() {
    return 'reader@analyticowl.iam.gserviceaccount.com';
  }
}

/** A signed-in caller `<id>@example.com` with a verified e-mail unless told otherwise. */
export const caller = user;

export const NOW = new Date('2026-03-02T12:00:00.000Z');

/**
 * org-a (owner alice, member amy; client-a "Acme Mattress", website acme.com proven), org-b
 * (owner bob; client-b "Bolt Tires"), the read-only demo client; staff `sam`. Tokens and ids
 * count up: token-1, token-2..., id-1, id-2...
 */
export async function connectionsWorld() {
  const { accounts, companies } = await twoCustomers({ ga_websites: ['acme.com'] });
  let clock = NOW;
  const now = () => clock;
  const google = new FakeGoogle();
  const sent: MailMessage[] = [];
  const queued: BackfillMessage[] = [];
  const connections = new MemoryConnectionsStore();
  const requests = new MemoryConnectionRequests();
  const sessions = new MemoryOAuthSessions(now);
  const vault = new LocalTokenVault(join(mkdtempSync(join(tmpdir(), 'ao-conn-')), 'token-key'));
  let tokens = 0;
  let ids = 0;
  const deps: ConnectionDeps = {
    companies,
    connections,
    requests,
    sessions,
    vault,
    google,
    queue: { send: async (m) => void queued.push(...m) },
    mailer: { send: async (m) => void sent.push(m) },
    siteOrigin: 'https://app.example.com',
    now,
    randomToken: () => `token-${++tokens}-${'x'.repeat(36)}`,
    newId: () => `id-${++ids}`,
  };
  return {
    deps,
    accounts,
    companies,
    connections,
    requests,
    sessions,
    google,
    sent,
    queued,
    advance(seconds: number) {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
  };
}
export type ConnectionsWorld = Awaited<ReturnType<typeof connectionsWorld>>;

/**
 * A rep's link opened and signed in: connect_url by alice for `cid`, connection_start, Google's
 * consent by `email` (whose grant reads `properties`). Returns the link's token, the state and
 * the code Google sent back.
 */
export async function signedIn(
  w: ConnectionsWorld,
  opts: { cid?: string; email?: string; properties?: ListedProperty[] } = {},
) {
  const { connectUrl } = await import('../../../lambdas/connections/core/connection-requests');
  const { connectionStart } = await import('../../../lambdas/connections/core/oauth-flow');
  const cid = opts.cid ?? 'client-a';
  const email = opts.email ?? 'ann@acme.com';
  const rep = cid === 'client-b' ? caller('bob') : caller('alice');
  w.google.userProperties.set(
    `rt-${email}`,
    opts.properties ?? [
      gaProperty('1001', 'https://www.acme.com/'),
      gaProperty('1002', 'https://shop.acme.com'),
    ],
  );
  const link = await connectUrl(w.deps, rep, { cid, email: '' });
  const xrg = new URL(link.connection_url).searchParams.get('xrg') as string;
  await connectionStart(w.deps, { xrg, cid });
  const state = w.google.authorized.at(-1)?.state as string;
  const code = w.google.consent(state, email);
  return { link, xrg, state, code, cid };
}
