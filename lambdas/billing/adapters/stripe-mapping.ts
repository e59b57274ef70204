import type Stripe from 'stripe';
import { ASSOCIATION_DISCOUNT } from '#shared/billing/price-table';
import type { Collection, InvoiceInfo, PaymentsSubscription } from '../core/ports';

/** From Stripe's objects (API 2026-10-28) to the billing ports' shapes, and back. */

/** Invoices are due this many days after they are sent (spec: "an invoice paid within 30 days"). */
export const INVOICE_DAYS_UNTIL_DUE = 30;

/** The id of an expandable Stripe field (an id string or the expanded object); null when empty. */
export const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * Percent off from a subscription's discounts. A discount object carries its coupon
 * (`source.coupon`, or `coupon` in older shapes); an unexpanded discount id can only be our one
 * coupon (ASSOCIATION_DISCOUNT), the only one this product applies.
 */
export function discountPercent(discounts: ReadonlyArray<unknown> | null | undefined): number {
  let best = 0;
  for (const d of discounts ?? []) {
    const obj = typeof d === 'object' && d !== null ? (d as Record<string, unknown>) : null;
    const source = obj?.source as { coupon?: unknown } | undefined;
    const coupon = source?.coupon ?? obj?.coupon ?? null;
    const percent =
      typeof coupon === 'object' && coupon !== null
        ? Number((coupon as { percent_off?: unknown }).percent_off ?? 0)
        : ASSOCIATION_DISCOUNT.percent_off;
    best = Math.max(best, percent);
  }
  return best;
}

/** Our view of a Stripe subscription. */
export function toSubscription(s: Stripe.Subscription): PaymentsSubscription {
  return {
    id: s.id,
    customer: idOf(s.customer) ?? '',
    status: s.status,
    cancel_at_period_end: s.cancel_at_period_end,
    metadata: { ...(s.metadata ?? {}) },
    items: s.items.data.map((i) => ({
      id: i.id,
      price_id: i.price.id,
      lookup_key: i.price.lookup_key ?? null,
      unit_amount: i.price.unit_amount ?? 0,
      quantity: i.quantity ?? 1,
      current_period_start: i.current_period_start,
      current_period_end: i.current_period_end,
    })),
    discount_percent: discountPercent(s.discounts),
    collection: s.collection_method === 'send_invoice' ? 'invoice' : 'card',
    created: s.created,
  };
}

export function toInvoice(i: Stripe.Invoice): InvoiceInfo {
  return {
    id: i.id ?? '',
    number: i.number ?? null,
    amount_due: i.amount_due,
    amount_paid: i.amount_paid,
    status: i.status ?? 'draft',
    created: i.created,
    hosted_invoice_url: i.hosted_invoice_url ?? null,
    subscription_id: idOf(i.parent?.subscription_details?.subscription),
  };
}

/** Stripe's collection parameters of a billing method (invoices due in 30 days). */
export const collectionParams = (collection: Collection) =>
  collection === 'invoice'
    ? { collection_method: 'send_invoice' as const, days_until_due: INVOICE_DAYS_UNTIL_DUE }
    : { collection_method: 'charge_automatically' as const };
