import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { closeServer, listen, newHttpServer } from '../net';
import { runBillingCycle } from './billing-cycle';
import type { Ctx } from './context';
import { StripeApiError, type StripeErrorBody } from './errors';
import { makeEvent, orderingKey } from './events';
import { decodeForm, Params } from './form';
import { invoicePage } from './invoice-page';
import { payInvoice } from './invoices';
import { ROUTES } from './routes';
import type { KeyKind } from './setup-intents';
import { API_VERSION, loadState, newId, saveState } from './store';
import { expand } from './views';
import { WebhookQueue } from './webhooks';

/** How to run the stand-in. */
export interface LocalStripeOptions {
  /** Folder of its state file (stripe-state.json); data survives a restart from the same dir. */
  dir: string;
  /** Port on 127.0.0.1. @default 0 (any free port) */
  port?: number;
  /** Signs webhook deliveries (`whsec_...`), as configured for constructEvent. */
  webhookSecret: string;
  /** Where events are POSTed; none are delivered while unset. */
  webhookUrl?: string;
  /** Base clock, Unix seconds. @default the wall clock */
  now?: () => number;
}

/** A running stand-in. */
export interface LocalStripe {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** 'sk_test_local' */
  secretKey: string;
  /** 'pk_test_local' */
  publishableKey: string;
  setWebhookUrl(url: string): void;
  /** Moves its clock by `seconds`; renews or cancels subscriptions whose period ended, emits events. */
  advanceClock(seconds: number): Promise<void>;
  /** Resolves when every webhook delivery queued so far has been attempted. */
  drainWebhooks(): Promise<void>;
  stop(): Promise<void>;
}

const SECRET_KEY = 'sk_test_local';
const PUBLISHABLE_KEY = 'pk_test_local';
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Stripe-Version, Idempotency-Key',
  'access-control-max-age': '600',
};

/**
 * Starts a Stripe-compatible HTTP server that the unchanged `stripe` SDK talks to via
 * `new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http' })`, and the browser's card
 * form with the publishable key. State lives in one JSON file in `dir`, rewritten atomically
 * after each change. Admin endpoints: POST /__local/advance {seconds}, GET /__local/health,
 * GET /__local/invoices/:id (hosted invoice page), POST /__local/invoices/:id/pay (the customer
 * paid it: invoice.paid and the subscription's update follow, signed, as from Stripe).
 * @throws when the port cannot be bound.
 */
export async function startLocalStripe(opts: LocalStripeOptions): Promise<LocalStripe> {
  const state = loadState(opts.dir);
  const queue = new WebhookQueue(opts.webhookSecret);
  let webhookUrl = opts.webhookUrl;
  const now = () => Math.floor(opts.now?.() ?? Date.now() / 1000) + state.clockOffset;
  let baseUrl = '';

  /** Runs `work` as one transaction: rolled back on error (unless the error commits), else saved and its events delivered. */
  function transact<T>(request: Ctx['request'], work: (ctx: Ctx) => T, persist = true): T {
    const backup = persist ? structuredClone(state) : undefined;
    const outbox: Stripe.EventBase[] = [];
    const ctx: Ctx = {
      state,
      now,
      baseUrl,
      request,
      emit(type, object, previous) {
        const event = makeEvent(ctx, type, object, previous, webhookUrl ? 1 : 0);
        state.events[event.id] = event;
        outbox.push(event);
      },
    };
    const commit = () => {
      if (!persist) return;
      saveState(opts.dir, state);
      for (const event of outbox) {
        if (webhookUrl) queue.enqueue(webhookUrl, event, orderingKey(event));
      }
    };
    try {
      const result = work(ctx);
      commit();
      return result;
    } catch (error) {
      if (error instanceof StripeApiError && error.commit) commit();
      else if (backup) Object.assign(state, backup);
      throw error;
    }
  }

  function advanceClock(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new Error('seconds must be a number >= 0');
    transact({ id: null, idempotency_key: null }, (ctx) => {
      state.clockOffset += Math.floor(seconds);
      runBillingCycle(ctx);
    });
  }

  const server = newHttpServer((req, res) => {
    void handle(req, res).catch((error: Error) => {
      if (!res.headersSent)
        send(res, 500, { error: { type: 'api_error', message: error.message } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    if (url.pathname.startsWith('/__local/')) {
      const form = (req.headers['content-type'] ?? '').startsWith(
        'application/x-www-form-urlencoded',
      );
      admin(req.method ?? 'GET', url.pathname, text, res, form);
      return;
    }
    const requestId = newId('req', 14);
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': API_VERSION,
    };
    const method = req.method ?? 'GET';
    const params = decodeForm(
      method === 'POST' ? text || url.search.slice(1) : url.search.slice(1),
    );
    const key = keyOf(req.headers.authorization, params.key);
    if (!key.ok) {
      send(res, 401, { error: { type: 'invalid_request_error', message: key.message } }, headers);
      return;
    }
    let ids: string[] = [];
    const found = ROUTES.find((r) => {
      const match = r.method === method && r.pattern.exec(url.pathname);
      if (match) ids = match.slice(1).map(decodeURIComponent);
      return Boolean(match);
    });
    if (!found) {
      const message = `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
      send(res, 404, { error: { type: 'invalid_request_error', message } }, headers);
      return;
    }
    if (key.kind === 'publishable' && !found.publishable) {
      const message =
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.';
      send(res, 401, { error: { type: 'invalid_request_error', message } }, headers);
      return;
    }
    const idemKey =
      method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const idemSlot = idemKey ? `${key.kind} ${idemKey}` : undefined;
    const fingerprint = `${method} ${url.pathname} ${text}`;
    if (idemKey) headers['idempotency-key'] = idemKey;
    const stored = idemSlot ? state.idempotency[idemSlot] : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`;
        send(res, 400, { error: { type: 'idempotency_error', message } }, headers);
      } else send(res, stored.status, stored.body, { ...headers, 'idempotent-replayed': 'true' });
      return;
    }
    const request = { id: requestId, idempotency_key: idemKey ?? null };
    let status = 200;
    let body: unknown;
    try {
      body = transact(
        request,
        (ctx) => {
          const p = new Params(params);
          const result = found.run(ctx, p, ids, key.kind);
          const out = expand(ctx, result, p.strings('expand'));
          if (idemSlot) state.idempotency[idemSlot] = { fingerprint, status: 200, body: out };
          return out;
        },
        method !== 'GET',
      );
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: null } satisfies StripeErrorBody };
      if (idemSlot) {
        state.idempotency[idemSlot] = { fingerprint, status, body };
        saveState(opts.dir, state);
      }
    }
    send(res, status, body, headers);
  }

  /**
   * Marks an open invoice paid out of band, as if the customer paid it (Stripe's
   * `POST /v1/invoices/:id/pay` with paid_out_of_band): invoice.paid follows, and a subscription
   * waiting on it becomes active. A form post (the hosted page's button) is sent back to the page.
   */
  function payLocally(id: string, form: boolean, res: ServerResponse): void {
    try {
      const invoice = transact({ id: null, idempotency_key: null }, (ctx) =>
        payInvoice(ctx, new Params({ paid_out_of_band: 'true' }), id),
      );
      if (form) res.writeHead(303, { location: `/__local/invoices/${invoice.id}` }).end();
      else send(res, 200, invoice);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      send(res, error.status, { error: error.body });
    }
  }

  function admin(
    method: string,
    path: string,
    text: string,
    res: ServerResponse,
    form = false,
  ): void {
    if (method === 'GET' && path === '/__local/health') {
      send(res, 200, { ok: true, now: now() });
      return;
    }
    if (method === 'POST' && path === '/__local/advance') {
      try {
        advanceClock(Number((JSON.parse(text || '{}') as { seconds?: unknown }).seconds));
        send(res, 200, { now: now() });
      } catch (error) {
        send(res, 400, {
          error: { type: 'invalid_request_error', message: (error as Error).message },
        });
      }
      return;
    }
    const payId = /^\/__local\/invoices\/([^/]+)\/pay$/.exec(path)?.[1];
    if (method === 'POST' && payId) {
      payLocally(decodeURIComponent(payId), form, res);
      return;
    }
    const invoiceId = /^\/__local\/invoices\/([^/]+)$/.exec(path)?.[1];
    const invoice = invoiceId ? state.invoices[decodeURIComponent(invoiceId)] : undefined;
    if (method === 'GET' && invoice) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...CORS })
        .end(invoicePage(invoice));
      return;
    }
    send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unknown local path ${path}` },
    });
  }

  const port = await listen(server, opts.port ?? 0);
  baseUrl = `http://127.0.0.1:${port}`;
  transact({ id: null, idempotency_key: null }, (ctx) => {
    for (const invoice of Object.values(state.invoices)) {
      invoice.hosted_invoice_url = `${baseUrl}/__local/invoices/${invoice.id}`;
    }
    runBillingCycle(ctx);
  });

  return {
    url: baseUrl,
    port,
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    advanceClock: async (seconds) => advanceClock(seconds),
    drainWebhooks: () => queue.drain(),
    async stop() {
      queue.stop();
      await queue.drain();
      await closeServer(server);
    },
  };
}

/** Which key authenticates the call: Bearer (or Basic user) header, else Stripe.js's `key` param. */
function keyOf(
  header: string | undefined,
  param: unknown,
): { ok: true; kind: KeyKind } | { ok: false; message: string } {
  let key = typeof param === 'string' ? param : undefined;
  if (header?.startsWith('Bearer ')) key = header.slice(7).trim();
  else if (header?.startsWith('Basic ')) {
    key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  }
  if (!key) {
    return {
      ok: false,
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    };
  }
  if (key === SECRET_KEY) return { ok: true, kind: 'secret' };
  if (key === PUBLISHABLE_KEY) return { ok: true, kind: 'publishable' };
  const masked = key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(4)}${key.slice(-4)}` : key;
  return { ok: false, message: `Invalid API Key provided: ${masked}` };
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...CORS, ...headers })
    .end(JSON.stringify(body, null, 2));
}
