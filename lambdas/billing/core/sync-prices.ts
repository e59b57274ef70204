import {
  ASSOCIATION_DISCOUNT,
  ASSOCIATION_LINES,
  PAYGO_FEATURES,
  PLAN_NAMES,
  PRICE_LINES,
  paygoLookupKey,
} from '#shared/billing/price-table';
import { PriceMissing } from './billing-errors';
import type { Payments } from './ports';

/** One monthly price the table wants Stripe to have. */
export interface WantedPrice {
  lookup_key: string;
  /** Integer cents per month. */
  unit_amount: number;
  /** Stripe product name. */
  name: string;
}

/** Every monthly price of the price table: the plan lines and the paygo features. */
export function wantedPrices(): WantedPrice[] {
  return [
    ...[...PRICE_LINES, ...ASSOCIATION_LINES].map((l) => ({
      lookup_key: l.lookup_key,
      unit_amount: l.unit_amount,
      name: l.name,
    })),
    ...PAYGO_FEATURES.map((f) => ({
      lookup_key: paygoLookupKey(f.feature),
      unit_amount: f.unit_amount,
      name: `${f.name} (${PLAN_NAMES.paygo})`,
    })),
  ];
}

/** What a price sync did, by lookup key. */
export interface PriceSyncResult {
  /** Keys Stripe had no price for: a product and price were created. */
  created: string[];
  /** Keys whose amount changed: a new price took the key (transfer_lookup_key). */
  moved: string[];
  unchanged: number;
  coupon: 'created' | 'exists';
}

/**
 * Makes Stripe match the price table (spec §9 "Subscription costs come from a configured table
 * per plan": changing a price there and deploying is the whole change). Idempotent: run at every local start, by the hourly
 * reconcile, and by order_product when a lookup key is missing.
 *
 * Steps:
 * 1. Look every wanted lookup key up in Stripe.
 * 2. Missing: create a product and its monthly USD price with the key.
 * 3. A different amount: create a new price on the same product and move the key to it
 *    (transfer_lookup_key), so existing subscriptions keep their old price until changed.
 * 4. Create the association coupon (20% off, forever) when Stripe lacks it.
 */
export async function syncPrices(deps: { payments: Payments }): Promise<PriceSyncResult> {
  const wanted = wantedPrices();
  const existing = await deps.payments.pricesByLookupKey(wanted.map((w) => w.lookup_key));
  const result: PriceSyncResult = { created: [], moved: [], unchanged: 0, coupon: 'exists' };
  for (const w of wanted) {
    const have = existing.get(w.lookup_key);
    if (have && have.unit_amount === w.unit_amount) {
      result.unchanged += 1;
      continue;
    }
    await deps.payments.createPrice({
      lookup_key: w.lookup_key,
      unit_amount: w.unit_amount,
      product: have ? { id: have.product_id } : { name: w.name },
      transfer_lookup_key: have !== undefined,
    });
    (have ? result.moved : result.created).push(w.lookup_key);
  }
  result.coupon = await deps.payments.ensureCoupon({
    id: ASSOCIATION_DISCOUNT.coupon_id,
    percent_off: ASSOCIATION_DISCOUNT.percent_off,
    name: `Association members ${ASSOCIATION_DISCOUNT.percent_off}% off Industry Insights`,
  });
  return result;
}

/**
 * The Stripe price ids of lookup keys; a key Stripe lacks triggers one price sync first.
 * @returns ids in the order of `lookupKeys`.
 * @throws PriceMissing when a key is still missing after the sync.
 */
export async function priceIds(
  deps: { payments: Payments },
  lookupKeys: readonly string[],
): Promise<string[]> {
  let found = await deps.payments.pricesByLookupKey(lookupKeys);
  if (lookupKeys.some((k) => !found.has(k))) {
    await syncPrices(deps);
    found = await deps.payments.pricesByLookupKey(lookupKeys);
  }
  return lookupKeys.map((k) => {
    const price = found.get(k);
    if (!price) throw new PriceMissing(k);
    return price.id;
  });
}
