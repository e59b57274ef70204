import { CodeChallengeMethod } from 'google-auth-library';
import { GoogleFailure, type GoogleGateway, type ListedProperty } from '../core/ports';
import { ExpiringListings } from './expiring-listings';
import {
  ANALYTICS_READONLY_SCOPE,
  adminApi,
  type GoogleAuthClient,
  isRevoked,
  oauthClient,
  serviceAccountClient,
} from './google-clients';
import type { GoogleSettings } from './google-config';

/** What Google's consent screen asks for: read Analytics, and who the user is. */
export const OAUTH_SCOPES = [ANALYTICS_READONLY_SCOPE, 'openid', 'email'] as const;

/** Properties read per listing at most (each costs two Admin API calls). */
const MAX_PROPERTIES = 200;
/** Admin API calls in flight at once while listing. */
const CONCURRENCY = 5;
/**
 * How long the service account's listing is reused, in milliseconds: the Connections panel polls
 * while a backfill runs, and each listing costs two Admin API calls per property.
 */
export const VIEWER_LISTING_TTL_MS = 60_000;
/**
 * How long a stored connection's grant listing is reused, in milliseconds (same reason: the
 * panel offers what each Google sign-in could still add).
 */
export const GRANT_LISTING_TTL_MS = 60_000;

/** Google's error code in a response body ('' when none). */
function reasonOf(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  const error = (data as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'string') return status;
  }
  return '';
}

/**
 * The same failure without anything of the request: Google's client errors carry the request's
 * config (form body with the code, the refresh token and the client secret; the Authorization
 * header), which a logger would print whole.
 */
export function scrubbed(operation: string, error: unknown): GoogleFailure {
  if (error instanceof GoogleFailure) return error;
  const e = (error ?? {}) as { status?: unknown; response?: { status?: unknown; data?: unknown } };
  const status = Number(e.response?.status ?? e.status) || 0;
  return new GoogleFailure(operation, status, reasonOf(e.response?.data), isRevoked(error));
}

async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw scrubbed(operation, error);
  }
}

/** The e-mail of an id_token's payload ('' when absent). Came straight from the token endpoint. */
function emailOf(idToken: string | null | undefined): string {
  const payload = idToken?.split('.')[1];
  if (!payload) return '';
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      email?: unknown;
    };
    return typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (t: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * GoogleGateway on Google's official clients (google-auth-library, @googleapis/analyticsadmin),
 * pointed at Google or at the local stand-in by GoogleSettings. Every failure is a GoogleFailure
 * that carries no token, code, secret or body.
 */
export class GoogleApiGateway implements GoogleGateway {
  private readonly viewerListing: ExpiringListings<ListedProperty[]>;
  private readonly grantListings: ExpiringListings<ListedProperty[]>;

  constructor(
    private readonly settings: () => Promise<GoogleSettings>,
    nowMs: () => number = Date.now,
  ) {
    this.viewerListing = new ExpiringListings(VIEWER_LISTING_TTL_MS, nowMs);
    this.grantListings = new ExpiringListings(
      GRANT_LISTING_TTL_MS,
      nowMs,
      (error) => error instanceof GoogleFailure && error.revoked,
    );
  }

  async authorizeUrl(input: { state: string; codeChallenge: string }): Promise<string> {
    const client = oauthClient(await this.settings());
    return client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [...OAUTH_SCOPES],
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
    });
  }

  async exchangeCode(code: string, verifier: string) {
    const client = oauthClient(await this.settings());
    const { tokens } = await call('token', () => client.getToken({ code, codeVerifier: verifier }));
    return { refreshToken: tokens.refresh_token ?? null, email: emailOf(tokens.id_token) };
  }

  async listUserProperties(refreshToken: string): Promise<ListedProperty[]> {
    const settings = await this.settings();
    const client = oauthClient(settings);
    client.setCredentials({ refresh_token: refreshToken });
    return this.listWith(client, settings);
  }

  /** Reused for GRANT_LISTING_TTL_MS per key and container; a revoked grant's refusal too. */
  async listGrantProperties(key: string, refreshToken: () => Promise<string>) {
    return this.grantListings.get(key, async () => this.listUserProperties(await refreshToken()));
  }

  /** Reused for VIEWER_LISTING_TTL_MS per container; a failed listing is not kept. */
  async listViewerProperties(): Promise<ListedProperty[]> {
    return this.viewerListing.get('viewer', () =>
      this.settings().then((s) => this.listWith(serviceAccountClient(s), s)),
    );
  }

  async revoke(refreshToken: string): Promise<void> {
    const client = oauthClient(await this.settings());
    await call('revoke', () => client.revokeToken(refreshToken));
  }

  async serviceAccountEmail(): Promise<string> {
    return (await this.settings()).serviceAccountEmail;
  }

  /**
   * accountSummaries (all pages), then for each property (at most MAX_PROPERTIES) its time zone
   * (properties.get) and its first web stream's default URI (properties.dataStreams.list).
   */
  private async listWith(auth: GoogleAuthClient, settings: GoogleSettings) {
    const admin = await call('token', () => adminApi(auth, settings));
    const found: Array<{ id: string; name: string; accountId: string; accountName: string }> = [];
    let pageToken: string | undefined;
    do {
      const page = await call('accountSummaries', () =>
        admin.accountSummaries.list({ pageSize: 200, pageToken }),
      );
      for (const account of page.data.accountSummaries ?? [])
        for (const p of account.propertySummaries ?? []) {
          const id = (p.property ?? '').replace(/^properties\//, '');
          if (!/^\d+$/.test(id)) continue;
          found.push({
            id,
            name: p.displayName ?? id,
            accountId: (account.account ?? '').replace(/^accounts\//, ''),
            accountName: account.displayName ?? '',
          });
        }
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken && found.length < MAX_PROPERTIES);
    return mapLimited(found.slice(0, MAX_PROPERTIES), CONCURRENCY, async (p) => {
      const [property, streams] = await Promise.all([
        call('properties.get', () => admin.properties.get({ name: `properties/${p.id}` })),
        call('dataStreams.list', () =>
          admin.properties.dataStreams.list({ parent: `properties/${p.id}` }),
        ),
      ]);
      const web = (streams.data.dataStreams ?? []).find((s) => s.type === 'WEB_DATA_STREAM');
      const listed: ListedProperty = {
        gaid: p.id,
        gapropertyid: p.id,
        gaview: p.name,
        gaurl: web?.webStreamData?.defaultUri ?? '',
        gaccount_id: p.accountId,
        account_name: p.accountName,
        time_zone: property.data.timeZone ?? 'UTC',
      };
      return listed;
    });
  }
}
