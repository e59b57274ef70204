import type Stripe from 'stripe';
import { addOneMonth } from '#shared/billing/proration';
import { type Ctx, get, idOf } from './context';
import { invalidParam, invalidRequest } from './errors';
import type { Params } from './form';
import { newId } from './store';

/** A subscription's current period (its items share one), Unix seconds. */
export function periodOf(sub: Stripe.Subscription): { start: number; end: number } {
  const item = sub.items.data[0];
  return {
    start: item?.current_period_start ?? sub.start_date,
    end: item?.current_period_end ?? sub.start_date,
  };
}

/**
 * A price a subscription can bill: active, recurring, monthly (the stand-in bills monthly
 * periods only, from addOneMonth).
 * @throws 404 for an unknown price, 400 for any other.
 */
export function billablePrice(ctx: Ctx, id: string, param: string): Stripe.Price {
  const price = get.price(ctx, id, param);
  if (!price.active) {
    throw invalidParam(
      param,
      'The price specified is inactive. This field only accepts active prices.',
    );
  }
  if (price.type !== 'recurring') {
    throw invalidParam(
      param,
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
    );
  }
  if (price.recurring?.interval !== 'month' || price.recurring.interval_count !== 1) {
    throw invalidParam(param, 'The local Stripe stand-in bills monthly prices only.');
  }
  return price;
}

/** The legacy `plan` view of a price that every subscription item still carries. */
function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: 'month',
    interval_count: 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: idOf(price.product as string),
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** Points an item at `price` (the price is embedded, as Stripe does). */
export function setPrice(item: Stripe.SubscriptionItem, price: Stripe.Price): void {
  item.price = structuredClone(price);
  item.plan = planOf(price);
}

/** A new subscription item for `price` × `quantity` over [start, end). */
export function newItem(
  ctx: Ctx,
  subscription: string,
  price: Stripe.Price,
  quantity: number,
  period: { start: number; end: number },
  metadata: Record<string, string>,
): Stripe.SubscriptionItem {
  const item = {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: ctx.now(),
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata,
    quantity,
    subscription,
    tax_rates: [],
  } as unknown as Stripe.SubscriptionItem;
  setPrice(item, price);
  return item;
}

/** items[i][quantity], default 1, at least 1. */
export function quantityOf(p: Params): number {
  const quantity = p.int('quantity') ?? 1;
  if (quantity < 1)
    throw invalidParam(p.name('quantity'), 'This value must be greater than or equal to 1.');
  return quantity;
}

/** @throws 400 when two items bill the same price, as Stripe refuses. */
export function assertDistinctPrices(sub: Stripe.Subscription): void {
  const ids = sub.items.data.map((item) => item.price.id);
  if (new Set(ids).size !== ids.length) {
    throw invalidRequest('Cannot add multiple subscription items with the same plan or price.');
  }
}

/**
 * The coupons asked for by `discounts[i][coupon]` or the older `coupon`, as new Discount objects
 * on `sub` (coupon.times_redeemed counts them). '' clears. Undefined when not asked.
 */
export function discountsFrom(ctx: Ctx, p: Params, sub: Stripe.Subscription): string[] | undefined {
  let coupons: { id: string; param: string }[];
  if (p.has('discounts')) {
    coupons = p.objects('discounts').map((d) => {
      d.only(['coupon', 'discount', 'promotion_code']);
      return { id: d.reqStr('coupon'), param: d.name('coupon') };
    });
  } else if (p.has('coupon')) {
    coupons = p.str('coupon') ? [{ id: p.reqStr('coupon'), param: 'coupon' }] : [];
  } else return undefined;
  const now = ctx.now();
  return coupons.map(({ id, param }) => {
    const coupon = get.coupon(ctx, id, param);
    let end: number | null = null;
    if (coupon.duration === 'repeating') {
      end = now;
      for (let i = 0; i < (coupon.duration_in_months ?? 0); i += 1) end = addOneMonth(end);
    }
    const discount = {
      id: newId('di'),
      object: 'discount',
      checkout_session: null,
      customer: idOf(sub.customer as string),
      customer_account: null,
      end,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      source: { coupon: coupon.id, type: 'coupon' },
      start: now,
      subscription: sub.id,
      subscription_item: null,
    } as Stripe.Discount;
    coupon.times_redeemed += 1;
    ctx.state.discounts[discount.id] = discount;
    return discount.id;
  });
}

/** After an invoice used them, `once` coupons end (they leave the subscription). */
export function consumeOnceDiscounts(ctx: Ctx, sub: Stripe.Subscription): void {
  sub.discounts = sub.discounts.filter((ref) => {
    const discount = ctx.state.discounts[idOf(ref) ?? ''];
    const coupon = discount && ctx.state.coupons[discount.source.coupon as string];
    if (!discount || coupon?.duration !== 'once') return true;
    discount.end = ctx.now();
    return false;
  });
}

/**
 * Ends a subscription at `at` (status canceled, ended_at; canceled_at kept when the
 * cancellation was requested earlier), drops its pending prorations and emits
 * customer.subscription.deleted.
 */
export function endSubscription(ctx: Ctx, sub: Stripe.Subscription, at: number): void {
  sub.status = 'canceled';
  sub.canceled_at = sub.canceled_at ?? at;
  sub.ended_at = at;
  sub.cancel_at = sub.cancel_at_period_end ? sub.cancel_at : null;
  cancellationOf(sub).reason = 'cancellation_requested';
  delete ctx.state.pendingLines[sub.id];
  ctx.emit('customer.subscription.deleted', sub);
}

/** The subscription's cancellation_details (created empty when null). */
export function cancellationOf(sub: Stripe.Subscription): Stripe.Subscription.CancellationDetails {
  sub.cancellation_details ??= {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: null,
  };
  return sub.cancellation_details;
}
