import {
  ASSOCIATION_DISCOUNT,
  associationSaving,
  ENTERPRISE_ADVERTISER_RANGE,
  FREE_REPORTS,
  formatUsd,
  PAYGO_FEATURES,
  PLAN_NAMES,
  type PlanId,
  PRODUCT_NAMES,
  type ProductId,
  priceLineFor,
  TEAM_MAX_USERS,
  TEAM_MIN_MARKET_RANK,
} from '#shared/billing/price-table';
import {
  PLAN_TYPE_PRODUCT,
  type PlanType,
  SELECTION_PLAN,
  SELECTIONS,
  type Selection,
} from '#shared/contracts/signup.schema';

/**
 * What the plan picker shows for each tier (spec §6 "Plan tiers", §9 "Plans"), read ONLY from
 * layers/shared/billing/price-table.ts so the page and Stripe never disagree.
 */

/** One plan card. */
export interface PlanOffer {
  selection: Selection;
  /** Tier name, e.g. "Individual Unlimited". */
  name: string;
  /** The headline price, e.g. "$99", "Free", "Custom", "Let's talk". */
  price: string;
  /** After the price, e.g. "/month"; '' when none. */
  per: string;
  /** One line under the price. */
  summary: string;
  /** What the tier includes. */
  points: string[];
  /** A discount note (association members), or null. */
  discount: string | null;
}

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five'];

/** "two free reports" (spec §1 "every account always has two free reports"). */
export const FREE_REPORTS_TEXT = `${numberWords[FREE_REPORTS] ?? FREE_REPORTS} free reports`;

/** The cheapest pay-per-insight unlock, in integer cents per month. */
export const PAYGO_FROM_CENTS = Math.min(...PAYGO_FEATURES.map((f) => f.unit_amount));

/**
 * The association-member note of a priced plan and product, else null: 20% off Industry
 * Insights, and on both products the same saving in dollars (price-table.ts associationSaving).
 */
function discountFor(plan: PlanId, product: ProductId): string | null {
  const saving = associationSaving(plan, product);
  if (saving === 0) return null;
  if (product === 'industry')
    return `Association members save ${ASSOCIATION_DISCOUNT.percent_off}%.`;
  return `Association members save ${formatUsd(saving)} a month (${ASSOCIATION_DISCOUNT.percent_off}% of Industry Insights).`;
}

/** The card of one tier for a plan type. */
export function planOffer(selection: Selection, planType: PlanType): PlanOffer {
  const product = PLAN_TYPE_PRODUCT[planType];
  const plan = SELECTION_PLAN[selection];
  const line = priceLineFor(plan, product);
  const name = PLAN_NAMES[plan];
  const free = `${FREE_REPORTS_TEXT}, always`;
  const productName = PRODUCT_NAMES[product];
  switch (selection) {
    case 'free':
      return {
        selection,
        name,
        price: 'Free',
        per: '',
        summary: `$0 due today. Pay per insight from ${formatUsd(PAYGO_FROM_CENTS)}/month.`,
        points: [
          free.charAt(0).toUpperCase() + free.slice(1),
          'Unlock single insights when you need them',
        ],
        discount: null,
      };
    case 'individual':
      return {
        selection,
        name,
        price: line ? formatUsd(line.unit_amount) : 'Custom',
        per: line ? '/month' : '',
        summary: `Unlimited ${productName} for one person.`,
        points: ['Unlimited reports', 'Every insight unlocked', `Plus your ${free}`],
        discount: discountFor(plan, product),
      };
    case 'team':
      return {
        selection,
        name,
        price: line ? formatUsd(line.unit_amount) : 'Custom',
        per: line ? '/month' : '',
        summary: line
          ? `Unlimited ${productName} for your team.`
          : `${productName} for your team, quoted for your markets.`,
        points: [
          `Up to ${TEAM_MAX_USERS} users`,
          `For markets ranked ${TEAM_MIN_MARKET_RANK} and up`,
          'Shared organisation and reports',
        ],
        discount: discountFor(plan, product),
      };
    case 'enterprise': {
      const range = `${formatUsd(ENTERPRISE_ADVERTISER_RANGE.from)}–${formatUsd(ENTERPRISE_ADVERTISER_RANGE.to)}`;
      return {
        selection,
        name,
        price: "Let's talk",
        per: '',
        summary:
          product === 'industry'
            ? 'Every market and seat your organisation needs.'
            : `Advertiser Insights from ${range}/month, or priced by market.`,
        points: ['Unlimited users', 'Custom packages', 'A dedicated contact'],
        discount: null,
      };
    }
  }
}

/** The four cards in picker order (free, individual, team, enterprise). */
export function planOffers(planType: PlanType): PlanOffer[] {
  return SELECTIONS.map((selection) => planOffer(selection, planType));
}
