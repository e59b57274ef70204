import { ENTITLED_STATUSES } from '#shared/billing/available-products';
import {
  associationSaving,
  combineProducts,
  isEnterpriseLike,
  PLAN_NAMES,
  type PlanId,
  PRODUCT_NAMES,
  type ProductId,
  priceLineFor,
  productCovers,
} from '#shared/billing/price-table';
import { addOneMonth, previewProration } from '#shared/billing/proration';
import type { SubscriptionView } from '#shared/contracts/billing.schema';

/**
 * The confirm step's order summary (spec §2 "Paygo shows $0 due today and Pay as you go;
 * enterprise shows TBD"; §4 "Ordering an additional software offering resets the billing cycle
 * with a pro-rated credit on the next cycle"; §1 association 20% off Industry Insights). Money in
 * integer cents; instants in Unix seconds (UTC). Pure: the server charges; this only previews.
 */

/** What the summary is computed from. */
export interface OrderSummaryInput {
  plan: PlanId;
  product: ProductId | null;
  /** The organisation's current subscription, if any. */
  current: SubscriptionView | null;
  /** The association code typed (checked by the server when ordering). */
  associationCode: string;
  /** Now, Unix seconds. */
  now: number;
}

/** The previewed order. */
export interface OrderSummary {
  kind: 'paygo' | 'quoted' | 'priced';
  planName: string;
  /** The product after the order (`both` when one is added to the other). */
  product: ProductId | null;
  productName: string | null;
  /** List price per month, cents (0 for paygo, null when quoted). */
  listPrice: number | null;
  /** Association discount per month, cents (0 when none applies). */
  discount: number;
  /** True when a code was typed but the product has no association price. */
  discountNotApplicable: boolean;
  /** Price per month after the discount, cents (null when quoted). */
  monthly: number | null;
  /** Credit for the unused time of the current subscription, cents. */
  credit: number;
  /** Due today, cents (null when quoted). */
  dueToday: number | null;
  /** When the new cycle renews (Unix s); null for paygo and quoted orders. */
  renewsAt: number | null;
  /** True when this adds to (or changes) a running subscription: the cycle restarts today. */
  changesSubscription: boolean;
  /** True when the running subscription already covers what is ordered. */
  alreadyCovered: boolean;
}

/**
 * A running subscription: live in Stripe (active, trialing or past_due, paid or not), so an
 * order changes it (prorated) instead of starting another.
 */
export function isRunning(sub: SubscriptionView | null): sub is SubscriptionView {
  return Boolean(sub && (ENTITLED_STATUSES as readonly string[]).includes(sub.status));
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Computes the summary. Never throws. */
export function orderSummary(input: OrderSummaryInput): OrderSummary {
  const { plan, current, now } = input;
  const base = {
    planName: PLAN_NAMES[plan],
    discount: 0,
    discountNotApplicable: false,
    credit: 0,
    changesSubscription: false,
    alreadyCovered: false,
  };
  if (plan === 'paygo')
    return {
      ...base,
      kind: 'paygo',
      product: null,
      productName: null,
      listPrice: 0,
      monthly: 0,
      dueToday: 0,
      renewsAt: null,
    };
  const ordered = input.product ?? 'industry';
  if (isEnterpriseLike(plan, ordered))
    return {
      ...base,
      kind: 'quoted',
      product: ordered,
      productName: PRODUCT_NAMES[ordered],
      listPrice: null,
      monthly: null,
      dueToday: null,
      renewsAt: null,
    };

  const running = isRunning(current) && current.plan !== 'paygo' ? current : null;
  const samePlan = running?.plan === plan;
  const product = samePlan ? combineProducts(running.product, ordered) : ordered;
  const alreadyCovered =
    samePlan &&
    (ordered === 'both' ? running.product === 'both' : productCovers(running.product, ordered));
  const line = priceLineFor(plan, product);
  const listPrice = line?.unit_amount ?? 0;
  const code = input.associationCode.trim() !== '';
  // A member keeps the saving when a discounted subscription changes (the server does too).
  const member = code || (running?.discount_percent ?? 0) > 0;
  const saving = line ? associationSaving(plan, product) : 0;
  const eligible = saving > 0;
  const discount = member && eligible ? saving : 0;
  const monthly = listPrice - discount;
  let credit = 0;
  let dueToday = monthly;
  if (running && !alreadyCovered) {
    const preview = previewProration(
      running.amount,
      monthly,
      seconds(running.current_period_start),
      seconds(running.current_period_end),
      now,
    );
    credit = preview.credit;
    dueToday = preview.dueToday;
  }
  return {
    ...base,
    kind: 'priced',
    product,
    productName: PRODUCT_NAMES[product],
    listPrice,
    discount,
    discountNotApplicable: code && !eligible,
    monthly,
    credit,
    dueToday: alreadyCovered ? 0 : dueToday,
    renewsAt: alreadyCovered ? null : addOneMonth(now),
    changesSubscription: running !== null && !alreadyCovered,
    alreadyCovered,
  };
}
