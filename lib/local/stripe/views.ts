import type Stripe from 'stripe';
import { type Ctx, clone } from './context';
import { invalidParam, invalidRequest } from './errors';
import type { Params } from './form';
import type { StripeState } from './store';

/** The list parameters every list endpoint takes, besides its filters. */
export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand', 'created'];

/**
 * A page of `items` (already newest first) as Stripe lists it: `limit` 1..100 (default 10),
 * cursor `starting_after` / `ending_before` (object ids), `has_more` when more remain.
 */
export function listOf<T extends { id: string }>(
  items: T[],
  p: Params,
  url: string,
): Stripe.ApiList<T> {
  const limit = p.int('limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidParam('limit', 'This value must be greater than or equal to 1 and less than 100.');
  }
  let rows = items;
  const after = p.str('starting_after');
  const before = p.str('ending_before');
  if (after) rows = rows.slice(rows.findIndex((item) => item.id === after) + 1);
  if (before) {
    const end = rows.findIndex((item) => item.id === before);
    rows = end < 0 ? [] : rows.slice(Math.max(0, end - limit), end);
  }
  return { object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit, url };
}

/** Newest first (insertion order reversed: the clock only moves forward). */
export const newestFirst = <T>(map: Record<string, T>): T[] => Object.values(map).reverse();

/** Which collection an expandable field's id points into, by the field's name. */
const TARGETS: Record<string, keyof StripeState> = {
  customer: 'customers',
  default_payment_method: 'paymentMethods',
  payment_method: 'paymentMethods',
  latest_invoice: 'invoices',
  invoice: 'invoices',
  subscription: 'subscriptions',
  price: 'prices',
  default_price: 'prices',
  product: 'products',
  coupon: 'coupons',
  discounts: 'discounts',
  setup_intent: 'setupIntents',
  pending_setup_intent: 'setupIntents',
};

/**
 * A copy of `object` with each `expand[]` path (dot separated, `data.` for lists, at most 4
 * levels) replaced by the objects its ids point to. Already embedded objects stay as they are.
 * @throws 400 "This property cannot be expanded (x)." for unknown paths.
 */
export function expand<T>(ctx: Ctx, object: T, paths: string[]): T {
  if (paths.length === 0) return object;
  const out = clone(object);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) {
      throw invalidParam('expand', `You cannot expand more than 4 levels of a property (${path}).`);
    }
    walk(ctx, out, segments);
  }
  return out;
}

function walk(ctx: Ctx, node: unknown, segments: string[]): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const entry of node) walk(ctx, entry, segments);
    return;
  }
  const [head, ...rest] = segments as [string, ...string[]];
  const record = node as Record<string, unknown>;
  if (!(head in record)) throw invalidRequest(`This property cannot be expanded (${head}).`);
  const value = resolve(ctx, head, record[head]);
  record[head] = value;
  if (rest.length > 0) walk(ctx, value, rest);
}

function resolve(ctx: Ctx, field: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((entry) => resolve(ctx, field, entry));
  if (typeof value !== 'string') return value;
  const target = TARGETS[field];
  if (!target) throw invalidRequest(`This property cannot be expanded (${field}).`);
  const map = ctx.state[target] as Record<string, unknown>;
  return Object.hasOwn(map, value) ? clone(map[value]) : value;
}
