import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach } from 'vitest';
import { type LocalStripe, startLocalStripe } from '../../../../lib/local/stripe/stripe-server';

export const WEBHOOK_SECRET = 'whsec_local_test';

/** 2026-01-31 12:00:00 UTC: a month end, so addOneMonth's clamping shows. */
export const T0 = Date.UTC(2026, 0, 31, 12) / 1000;

/** A stand-in in a fresh folder, the real SDK pointed at it, and a webhook receiver. */
export interface Harness {
  dir: string;
  local: LocalStripe;
  stripe: Stripe;
  /** Events the receiver accepted, verified with stripe.webhooks.constructEvent. */
  received: Stripe.Event[];
  /** Answers the receiver gives before accepting (e.g. [500, 500] fails twice). */
  failNext: number[];
  stop(): Promise<void>;
}

/** The real SDK against a stand-in at `port`. */
export function sdk(port: number, key = 'sk_test_local'): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** Starts everything; `dir` reuses a folder (restart), else a new temp one. */
export async function startHarness(opts: { dir?: string; now?: () => number } = {}) {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'local-stripe-'));
  const received: Stripe.Event[] = [];
  const failNext: number[] = [];
  const verifier = sdk(1);
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const failure = failNext.shift();
      if (failure) {
        res.writeHead(failure).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature']);
      received.push(verifier.webhooks.constructEvent(body, signature, WEBHOOK_SECRET));
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookPort = (receiver.address() as AddressInfo).port;
  const local = await startLocalStripe({
    dir,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${hookPort}/webhooks`,
    now: opts.now ?? (() => T0),
  });
  const harness: Harness = {
    dir,
    local,
    stripe: sdk(local.port),
    received,
    failNext,
    async stop() {
      await local.stop();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
  return harness;
}

/**
 * A stand-in per test of the calling file: `start` starts one (options as startHarness; a
 * restart on the same folder replaces the one before), and after each test the current one is
 * stopped and its folder removed.
 */
export function harnessPerTest(): {
  start(opts?: Parameters<typeof startHarness>[0]): Promise<Harness>;
} {
  let current: Harness | undefined;
  afterEach(async () => {
    await disposeHarness(current);
    current = undefined;
  });
  return {
    async start(opts) {
      current = await startHarness(opts);
      return current;
    },
  };
}

/** Stops a harness and removes its folder. */
export async function disposeHarness(h: Harness | undefined): Promise<void> {
  if (!h) return;
  await h.stop();
  rmSync(h.dir, { recursive: true, force: true });
}

/** Form-encodes flat params for a plain fetch (as the browser's card form sends them). */
export function form(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** Confirms a SetupIntent as the browser does: publishable key, client_secret, card fields. */
export async function confirmInBrowser(
  local: LocalStripe,
  si: Stripe.SetupIntent,
  card: { number: string; exp_month?: string; exp_year?: string; cvc?: string },
) {
  const response = await fetch(`${local.url}/v1/setup_intents/${si.id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${local.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form({
      client_secret: si.client_secret ?? '',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number,
      'payment_method_data[card][exp_month]': card.exp_month ?? '12',
      'payment_method_data[card][exp_year]': card.exp_year ?? '2030',
      'payment_method_data[card][cvc]': card.cvc ?? '123',
      'payment_method_data[billing_details][name]': 'Ada Lovelace',
      'payment_method_data[billing_details][address][postal_code]': '10001',
      'payment_method_data[billing_details][address][country]': 'US',
    }),
  });
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as Stripe.SetupIntent & {
      error?: { type: string; code: string; message: string; setup_intent?: Stripe.SetupIntent };
    },
  };
}

/** A customer with a working default card (4242...), set up through a SetupIntent. */
export async function customerWithCard(h: Harness, number = '4242424242424242') {
  const customer = await h.stripe.customers.create({ email: 'ada@example.com', name: 'Ada' });
  const si = await h.stripe.setupIntents.create({
    customer: customer.id,
    allowed_payment_method_types: ['card'],
    usage: 'off_session',
  });
  const confirmed = await confirmInBrowser(h.local, si, { number });
  const pm = confirmed.body.payment_method as string;
  await h.stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: pm },
  });
  return { customer, pm };
}

/** Prices by lookup key, as the product's sync step creates them. */
export async function monthlyPrice(h: Harness, lookupKey: string, unitAmount: number) {
  return h.stripe.prices.create({
    currency: 'usd',
    unit_amount: unitAmount,
    recurring: { interval: 'month' },
    lookup_key: lookupKey,
    product_data: { name: lookupKey.replace(/_/g, ' ') },
  });
}
