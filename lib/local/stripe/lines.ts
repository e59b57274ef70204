import type Stripe from 'stripe';
import { prorationCredit } from '#shared/billing/proration';
import { type Ctx, get } from './context';
import type { LineDraft } from './store';

/** "$99.00" from integer cents. */
export const usd = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** "15 Jun 2026" (UTC) from Unix seconds, as Stripe words proration lines. */
const day = (at: number) =>
  new Date(at * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What one item costs per period, integer cents. */
export function itemAmount(item: Stripe.SubscriptionItem): number {
  return (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
}

function productName(ctx: Ctx, price: Stripe.Price): string {
  const id = typeof price.product === 'string' ? price.product : price.product.id;
  return Object.hasOwn(ctx.state.products, id) ? get.product(ctx, id).name : id;
}

/** The full charge of an item for its current period: "1 × Name (at $99.00 / month)". */
export function fullLine(ctx: Ctx, item: Stripe.SubscriptionItem): LineDraft {
  const qty = item.quantity ?? 1;
  return {
    amount: itemAmount(item),
    description: `${qty} × ${productName(ctx, item.price)} (at ${usd(item.price.unit_amount ?? 0)} / ${item.price.recurring?.interval ?? 'month'})`,
    price: item.price.id,
    quantity: qty,
    proration: false,
    period: { start: item.current_period_start, end: item.current_period_end },
    subscriptionItem: item.id,
  };
}

/**
 * The credit for an item's unused time from `at` to its period end (negative cents, from
 * prorationCredit): "Unused time on Name after 15 Jun 2026". Undefined when nothing is unused.
 */
export function creditLine(ctx: Ctx, item: Stripe.SubscriptionItem, at: number) {
  const { current_period_start: start, current_period_end: end } = item;
  const credit = prorationCredit(itemAmount(item), start, end, at);
  if (credit === 0) return undefined;
  return {
    amount: -credit,
    description: `Unused time on ${productName(ctx, item.price)} after ${day(at)}`,
    price: item.price.id,
    quantity: item.quantity ?? 1,
    proration: true,
    period: { start: Math.max(at, start), end },
    subscriptionItem: item.id,
  } satisfies LineDraft;
}

/** The charge for an item's remaining time from `at` to its period end (positive cents). */
export function remainingLine(ctx: Ctx, item: Stripe.SubscriptionItem, at: number) {
  const line = creditLine(ctx, item, at);
  if (!line) return undefined;
  return {
    ...line,
    amount: -line.amount,
    description: `Remaining time on ${productName(ctx, item.price)} after ${day(at)}`,
  } satisfies LineDraft;
}

/** Discounts of a subscription still in force at `at`, with their coupons. */
export function activeDiscounts(ctx: Ctx, sub: Stripe.Subscription, at: number) {
  return sub.discounts
    .map((ref) => ctx.state.discounts[typeof ref === 'string' ? ref : ref.id])
    .filter((d): d is Stripe.Discount => d !== undefined && (d.end === null || d.end > at))
    .map((discount) => ({
      discount,
      coupon: get.coupon(ctx, discount.source.coupon as string),
    }));
}

/**
 * Each discount's share of one line (percent_off of its amount, half away from zero), limited to
 * lines whose product the coupon applies to.
 */
export function lineDiscounts(
  ctx: Ctx,
  discounts: ReturnType<typeof activeDiscounts>,
  line: LineDraft,
): Stripe.InvoiceLineItem.DiscountAmount[] {
  const price = get.price(ctx, line.price);
  const product = typeof price.product === 'string' ? price.product : price.product.id;
  return discounts
    .filter(({ coupon }) => !coupon.applies_to || coupon.applies_to.products.includes(product))
    .map(({ discount, coupon }) => {
      const share = (Math.abs(line.amount) * (coupon.percent_off ?? 0)) / 100;
      return { amount: Math.sign(line.amount) * Math.round(share), discount: discount.id };
    })
    .filter((d) => d.amount !== 0);
}
