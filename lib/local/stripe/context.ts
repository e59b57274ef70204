import type Stripe from 'stripe';
import { noSuch } from './errors';
import type { StripeState } from './store';

/** Any API object: an id and its `object` name. */
export interface ApiObject {
  id: string;
  object: string;
}

/** What every resource handler works with during one request (or one clock advance). */
export interface Ctx {
  state: StripeState;
  /** The stand-in's clock, Unix seconds (base clock + advanced seconds). */
  now(): number;
  /** e.g. http://127.0.0.1:41234, for hosted_invoice_url. */
  baseUrl: string;
  /** The request that caused the events (null id for clock-driven changes). */
  request: { id: string | null; idempotency_key: string | null };
  /**
   * Records an event with a snapshot of `object` (and the old values of what changed); it is
   * delivered to the webhook URL once the request commits.
   */
  emit(type: Stripe.Event.Type, object: ApiObject, previous?: Record<string, unknown>): void;
}

/**
 * The old values of the fields that differ between two snapshots of an object, as Stripe's
 * `data.previous_attributes`: nested hashes list only their changed keys, lists and other values
 * are given whole. Undefined when nothing changed.
 */
export function changed(before: object, after: object): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    const [old, now] = [a[key], b[key]];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    const nested = isHash(old) && isHash(now) ? changed(old, now) : undefined;
    out[key] = nested ?? old ?? null;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const isHash = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (value as { object?: unknown }).object !== 'list';

/** A deep copy, for snapshots and rollbacks. */
export const clone = <T>(value: T): T => structuredClone(value);

/** The id behind an expandable field (a string, or an expanded object). */
export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (ref === null || ref === undefined) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

function find<T>(map: Record<string, T>, id: string, kind: string, param?: string): T {
  const found = Object.hasOwn(map, id) ? map[id] : undefined;
  if (!found) throw noSuch(kind, id, param);
  return found;
}

/** Lookups with Stripe's 404 wording. @throws StripeApiError 404 resource_missing */
export const get = {
  customer: (ctx: Ctx, id: string, param?: string) =>
    find(ctx.state.customers, id, 'customer', param),
  paymentMethod: (ctx: Ctx, id: string, param?: string) =>
    find(ctx.state.paymentMethods, id, 'PaymentMethod', param),
  setupIntent: (ctx: Ctx, id: string, param?: string) =>
    find(ctx.state.setupIntents, id, 'setupintent', param),
  product: (ctx: Ctx, id: string, param?: string) => find(ctx.state.products, id, 'product', param),
  price: (ctx: Ctx, id: string, param?: string) => find(ctx.state.prices, id, 'price', param),
  coupon: (ctx: Ctx, id: string, param?: string) => find(ctx.state.coupons, id, 'coupon', param),
  subscription: (ctx: Ctx, id: string, param?: string) =>
    find(ctx.state.subscriptions, id, 'subscription', param),
  invoice: (ctx: Ctx, id: string, param?: string) => find(ctx.state.invoices, id, 'invoice', param),
  event: (ctx: Ctx, id: string, param?: string) => find(ctx.state.events, id, 'event', param),
};
