import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { resolveDataDir } from '#shared/reference/dmas';
import { closeServer, listen, newHttpServer } from '../net';
import { handleAdmin, handleApi } from './api-routes';
import type { GoogleCtx } from './context';
import { demoFirstDayFor } from './demo-postlog-file';
import { DEMO_PROPERTY_ID, LOCAL_OAUTH_CLIENT, SERVICE_ACCOUNT } from './directory';
import { readBody, sendHtml, sendJson } from './http';
import { indexPage } from './index-page';
import { handleOAuth } from './oauth-routes';
import { QuotaBook } from './quota';
import { type ServiceAccountKey, writeServiceAccountKey } from './service-account';
import { loadState, saveState } from './store';
import { TrafficBook } from './traffic-book';

/** How to run the stand-in. */
export interface LocalGoogleOptions {
  /** Its folder (`<LOCAL_DIR>/google`): state, keys, the demo post-log it answers for. */
  dir: string;
  /** Port on 127.0.0.1; taken -> any free port. @default 0 (any free port) */
  port?: number;
  /** Redirect URIs registered for the OAuth client (exact match), e.g. `<site>/finish`. */
  redirectUris?: string[];
  /** Clock, Unix seconds. @default the wall clock */
  now?: () => number;
  /** The real-data folder (DMA list). @default resolveDataDir() */
  dataDir?: string;
  /** Monday (YYYY-MM-DD) the demo post-log starts, used on a first start only. @default 8 weeks back */
  demoFirstDay?: string;
  /** Shown on the index page: the sample post-log a person uploads. */
  samplePostlog?: string;
}

/** A running stand-in. */
export interface LocalGoogle {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  serviceAccountEmail: string;
  /** The service account's key file, as Google's console hands it out. */
  serviceAccountKey: ServiceAccountKey;
  /** The demo property and the post-log its visits respond to. */
  demo: { propertyId: string; firstDay: string; postlogPath: string };
  /** Google's addresses, pointed here (google-auth-library endpoints, API root URLs). */
  endpoints: {
    authUrl: string;
    tokenUrl: string;
    revokeUrl: string;
    tokenInfoUrl: string;
    pemCertsUrl: string;
    jwkCertsUrl: string;
    userinfoUrl: string;
    adminRootUrl: string;
    dataRootUrl: string;
  };
  /** Replaces the registered redirect URIs. */
  setRedirectUris(uris: string[]): void;
  stop(): Promise<void>;
}

/**
 * Starts a Google-compatible HTTP server that the official libraries talk to: google-auth-library's
 * OAuth2Client (`endpoints` pointed here) and JWT client (self-signed JWT of the seeded service
 * account), and @googleapis/analyticsadmin / analyticsdata v1beta (`rootUrl` pointed here).
 * Consent page, token, revoke, tokeninfo, userinfo, certs; Admin API accountSummaries,
 * properties.get, dataStreams.list; Data API runReport from the visits simulator. Triggers:
 * POST /__local/quota {property_id, count}, POST /__local/revoke {email}; GET / lists it all.
 * State (keys, codes, tokens, revocations) persists in `dir`, so a restart keeps connections.
 * @throws when the port cannot be bound or the folder cannot be written.
 */
export async function startLocalGoogle(opts: LocalGoogleOptions): Promise<LocalGoogle> {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const state = loadState(opts.dir, () => opts.demoFirstDay ?? demoFirstDayFor(now()));
  const ctx: GoogleCtx = {
    state,
    now,
    baseUrl: '',
    redirectUris: new Set(opts.redirectUris ?? []),
    save: () => saveState(opts.dir, state),
  };
  const quota = new QuotaBook();
  const postlogPath = join(opts.dir, 'demo-postlog.csv');
  const traffic = new TrafficBook(
    postlogPath,
    state.demoFirstDay,
    opts.dataDir ?? resolveDataDir(),
  );

  const server = newHttpServer((req, res) => {
    void handle(req, res).catch((error: Error) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { code: 500, message: error.message, status: 'INTERNAL' } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', ctx.baseUrl);
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : null;
    if (method === 'GET' && url.pathname === '/') {
      sendHtml(
        res,
        200,
        indexPage({
          baseUrl: ctx.baseUrl,
          demoFirstDay: state.demoFirstDay,
          samplePostlog: opts.samplePostlog ?? null,
          triggers: quota.triggers(),
          unshared: state.unshared,
        }),
      );
      return;
    }
    if (url.pathname.startsWith('/__local/'))
      return handleAdmin(method, url, body, res, ctx, quota);
    if (url.pathname.startsWith('/v1beta/'))
      return handleApi(method, url, body, req.headers.authorization, res, ctx, quota, traffic);
    if (handleOAuth(method, url, body, req.headers.authorization, res, ctx)) return;
    sendJson(res, 404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
  }

  const port = await listen(server, opts.port ?? 0, true);
  const url = `http://127.0.0.1:${port}`;
  ctx.baseUrl = url;
  const serviceAccountKey = writeServiceAccountKey(opts.dir, state.serviceAccountKey, url);
  traffic.writePostlog();
  return {
    url,
    port,
    clientId: LOCAL_OAUTH_CLIENT.clientId,
    clientSecret: LOCAL_OAUTH_CLIENT.clientSecret,
    serviceAccountEmail: SERVICE_ACCOUNT.email,
    serviceAccountKey,
    demo: { propertyId: DEMO_PROPERTY_ID, firstDay: state.demoFirstDay, postlogPath },
    endpoints: {
      authUrl: `${url}/o/oauth2/v2/auth`,
      tokenUrl: `${url}/token`,
      revokeUrl: `${url}/revoke`,
      tokenInfoUrl: `${url}/tokeninfo`,
      pemCertsUrl: `${url}/oauth2/v1/certs`,
      jwkCertsUrl: `${url}/oauth2/v3/certs`,
      userinfoUrl: `${url}/oauth2/v3/userinfo`,
      adminRootUrl: `${url}/`,
      dataRootUrl: `${url}/`,
    },
    setRedirectUris(uris) {
      ctx.redirectUris = new Set(uris);
    },
    stop: () => closeServer(server),
  };
}
