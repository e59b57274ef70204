import {
  ASSOCIATION_DISCOUNT,
  ENTERPRISE_ADVERTISER_RANGE,
  FREE_REPORTS,
  formatUsd,
  PAYGO_FEATURES,
  PLAN_NAMES,
  PLANS,
  type PlanId,
  PRODUCT_NAMES,
  type ProductId,
  priceLineFor,
  SINGLE_PRODUCTS,
  type SingleProduct,
  TEAM_MAX_USERS,
  TEAM_MIN_MARKET_RANK,
} from '#shared/billing/price-table';

/**
 * What the plan cards of /plans say (spec §6 "Plan tiers", §9 "Plans"). Every price
 * is read from the one price table (layers/shared/billing/price-table.ts), never typed here.
 */

/** One product row of a plan card. */
export interface ProductOffer {
  product: SingleProduct;
  name: string;
  /** e.g. "$99/month", "$799–$1,999/month or market based", "Custom quote". */
  price: string;
  /** True when the price is quoted after a contact request (enterprise-like). */
  quoted: boolean;
}

/** One plan card. */
export interface PlanTier {
  plan: PlanId;
  name: string;
  /** The big price line, e.g. "Free", "From $99/month", "Custom", "Contact us". */
  headline: string;
  /** The line under it. */
  subline: string;
  /** What the plan includes, one short line each. */
  includes: string[];
  /** Product rows; empty for the Starter plan (nothing to add). */
  offers: ProductOffer[];
  /** Marked as the usual choice. */
  featured: boolean;
}

/** `$n/month`. */
export const perMonth = (cents: number) => `${formatUsd(cents)}/month`;

/** The lowest price of a paid-per-insight feature (the "from $10/month" of spec §9). */
export const PAYGO_FROM = Math.min(...PAYGO_FEATURES.map((f) => f.unit_amount));

/** The price text of a product on a plan. */
export function offerPrice(plan: PlanId, product: ProductId): { price: string; quoted: boolean } {
  const line = priceLineFor(plan, product);
  if (line) return { price: perMonth(line.unit_amount), quoted: false };
  if (plan === 'enterprise' && product === 'advertiser')
    return {
      price: `${formatUsd(ENTERPRISE_ADVERTISER_RANGE.from)}–${perMonth(ENTERPRISE_ADVERTISER_RANGE.to)} or market based`,
      quoted: true,
    };
  return { price: 'Custom quote', quoted: true };
}

const offers = (plan: PlanId): ProductOffer[] =>
  (['industry', 'advertiser'] as const).map((product) => ({
    product,
    name: PRODUCT_NAMES[product],
    ...offerPrice(plan, product),
  }));

const both = priceLineFor('individual', 'both');
const teamIndustry = priceLineFor('team', 'industry');
const cheapestIndividual = Math.min(
  ...SINGLE_PRODUCTS.map((p) => priceLineFor('individual', p)?.unit_amount ?? Number.MAX_VALUE),
);

const TIERS: Record<PlanId, PlanTier> = {
  paygo: {
    plan: 'paygo',
    name: PLAN_NAMES.paygo,
    headline: 'Free',
    subline: `Pay per insight, from ${perMonth(PAYGO_FROM)}`,
    includes: [
      `${FREE_REPORTS} free reports, always`,
      'Unlock single insights (dayparts, stations, creatives…) one at a time',
      'No card needed: $0 due today',
    ],
    offers: [],
    featured: false,
  },
  individual: {
    plan: 'individual',
    name: PLAN_NAMES.individual,
    headline: `From ${perMonth(cheapestIndividual)}`,
    subline: both ? `Both products: ${perMonth(both.unit_amount)}` : 'One user',
    includes: [
      'Unlimited reports for one user',
      'Industry Insights: industry benchmarks and response ratings of stations and formats',
      'Advertiser Insights: airing-by-airing response, creatives, foot traffic and Market Insights',
    ],
    offers: offers('individual'),
    featured: true,
  },
  team: {
    plan: 'team',
    name: PLAN_NAMES.team,
    headline: 'Custom',
    subline: `Up to ${TEAM_MAX_USERS} users in markets ranked ${TEAM_MIN_MARKET_RANK}+`,
    includes: [
      'Unlimited reports for your whole team',
      'One organization, one bill',
      teamIndustry
        ? `Industry Insights ${perMonth(teamIndustry.unit_amount)}; Advertiser Insights quoted`
        : 'Quoted for your markets',
    ],
    offers: offers('team'),
    featured: false,
  },
  enterprise: {
    plan: 'enterprise',
    name: PLAN_NAMES.enterprise,
    headline: 'Contact us',
    subline: 'Every market, every user, invoiced or by card',
    includes: [
      'Unlimited users and reports',
      `Advertiser Insights ${formatUsd(ENTERPRISE_ADVERTISER_RANGE.from)}–${perMonth(ENTERPRISE_ADVERTISER_RANGE.to)}, or market based`,
      'A dedicated contact and custom packages',
    ],
    offers: offers('enterprise'),
    featured: false,
  },
};

/** The four plan cards, in the order of spec §6. */
export const PLAN_TIERS: readonly PlanTier[] = PLANS.map((plan) => TIERS[plan]);

/** The association discount line of the plans page (spec §1 "20% discount on Industry Insights"). */
export const ASSOCIATION_NOTE = `Association members get ${ASSOCIATION_DISCOUNT.percent_off}% off Industry Insights.`;
