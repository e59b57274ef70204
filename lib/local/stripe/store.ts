import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';

/** The API version the stand-in speaks (stripe@23.1.0's pinned version). */
export const API_VERSION = '2026-10-28.endive';

/** How a test card behaves (contracts.md test-card table), kept per PaymentMethod. */
export interface CardFailure {
  code: string;
  decline_code?: string;
  message: string;
}

/** An invoice line before it becomes a Stripe line item. Amounts in integer cents. */
export interface LineDraft {
  /** Negative for a credit (unused time). */
  amount: number;
  description: string;
  price: string;
  quantity: number;
  proration: boolean;
  /** Unix seconds. */
  period: { start: number; end: number };
  subscriptionItem: string;
}

/** A stored answer to an Idempotency-Key. */
export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * Everything the stand-in knows, persisted as one JSON file. Objects are kept in the exact API
 * shape (typed with the SDK's own types, so a missing field fails the type check); expandable
 * references are stored as ids.
 */
export interface StripeState {
  version: 1;
  /** Seconds added to the base clock by advanceClock. */
  clockOffset: number;
  invoiceSeq: number;
  customers: Record<string, Stripe.Customer>;
  paymentMethods: Record<string, Stripe.PaymentMethod>;
  setupIntents: Record<string, Stripe.SetupIntent>;
  products: Record<string, Stripe.Product>;
  prices: Record<string, Stripe.Price>;
  coupons: Record<string, Stripe.Coupon>;
  discounts: Record<string, Stripe.Discount>;
  subscriptions: Record<string, Stripe.Subscription>;
  invoices: Record<string, Stripe.Invoice>;
  events: Record<string, Stripe.EventBase>;
  /** PaymentMethod id -> how its setup or charges fail (test cards); absent = works. */
  cardFailures: Record<string, { at: 'setup' | 'charge'; failure: CardFailure }>;
  /** Subscription id -> proration lines waiting for its next invoice (create_prorations). */
  pendingLines: Record<string, LineDraft[]>;
  /** `${apiKey} ${Idempotency-Key}` -> the first answer. */
  idempotency: Record<string, StoredResponse>;
}

const FILE = 'stripe-state.json';

/** A stand-in with no data, its clock not advanced. */
export function emptyState(): StripeState {
  return {
    version: 1,
    clockOffset: 0,
    invoiceSeq: 0,
    customers: {},
    paymentMethods: {},
    setupIntents: {},
    products: {},
    prices: {},
    coupons: {},
    discounts: {},
    subscriptions: {},
    invoices: {},
    events: {},
    cardFailures: {},
    pendingLines: {},
    idempotency: {},
  };
}

/** Reads `dir`/stripe-state.json, or a fresh state when there is none. */
export function loadState(dir: string): StripeState {
  const path = join(dir, FILE);
  if (!existsSync(path)) return emptyState();
  return { ...emptyState(), ...(JSON.parse(readFileSync(path, 'utf8')) as StripeState) };
}

/** Writes the state atomically: a temp file in the same folder, then rename over the old one. */
export function saveState(dir: string, state: StripeState): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${FILE}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, join(dir, FILE));
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: `prefix_` + 24 random base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}
