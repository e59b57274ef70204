/**
 * The one configured price table (spec §6 "Plan tiers", §9
 * "Plans", "Pro-rata billed features"): the single source of what the site shows and what Stripe
 * charges. Stripe prices are found by `lookup_key` (the sync step creates any that are missing),
 * so changing a price here and deploying is the whole change. Amounts are integer cents (USD),
 * per month.
 */

/** Plans of the order (spec §3 "Order / sign-up"). */
export const PLANS = ['paygo', 'individual', 'team', 'enterprise'] as const;
export type PlanId = (typeof PLANS)[number];

/** Products of the order: advertiser = Advertiser (pro) Insights, industry = Industry Insights. */
export const PRODUCTS = ['advertiser', 'industry', 'both'] as const;
export type ProductId = (typeof PRODUCTS)[number];

/** The two products a user can pick one by one (`both` is what picking both becomes). */
export const SINGLE_PRODUCTS = ['advertiser', 'industry'] as const;
export type SingleProduct = (typeof SINGLE_PRODUCTS)[number];

/** Names the site shows. */
export const PRODUCT_NAMES: Record<ProductId, string> = {
  advertiser: 'Advertiser Insights',
  industry: 'Industry Insights',
  both: 'Advertiser + Industry Insights',
};

/** Plan tiers as the site names them (spec §6 "Plan tiers"). */
export const PLAN_NAMES: Record<PlanId, string> = {
  paygo: 'Individual Starter',
  individual: 'Individual Unlimited',
  team: 'Small Team Unlimited',
  enterprise: 'Enterprise Unlimited',
};

/** One line of the table that Stripe charges monthly. */
export interface PriceLine {
  /** Stable Stripe lookup key, e.g. `individual_advertiser_monthly`. */
  lookup_key: string;
  plan: PlanId;
  product: ProductId;
  /** Integer cents per month. */
  unit_amount: number;
  /** Stripe product name. */
  name: string;
}

/**
 * What Stripe charges per month, in integer cents. Individual: Industry Insights $99, Advertiser
 * Insights $399, both $498. Team (up to {@link TEAM_MAX_USERS} users, markets ranked
 * {@link TEAM_MIN_MARKET_RANK} and up): Industry Insights $249 (ours: the spec calls the team
 * price custom). Team with advertiser or both, and enterprise, are quoted after a contact request.
 */
export const PRICE_LINES: readonly PriceLine[] = [
  {
    lookup_key: 'individual_industry_monthly',
    plan: 'individual',
    product: 'industry',
    unit_amount: 9_900,
    name: 'Industry Insights (Individual Unlimited)',
  },
  {
    lookup_key: 'individual_advertiser_monthly',
    plan: 'individual',
    product: 'advertiser',
    unit_amount: 39_900,
    name: 'Advertiser Insights (Individual Unlimited)',
  },
  {
    lookup_key: 'individual_both_monthly',
    plan: 'individual',
    product: 'both',
    unit_amount: 49_800,
    name: 'Advertiser + Industry Insights (Individual Unlimited)',
  },
  {
    lookup_key: 'team_industry_monthly',
    plan: 'team',
    product: 'industry',
    unit_amount: 24_900,
    name: 'Industry Insights (Small Team Unlimited)',
  },
];

/**
 * Pro-rata billed features a Starter (paygo) account can unlock one at a time (spec §9
 * "Pro-rata billed features"; "pay per insight, from $10/month"). Each maps to the
 * available_products flag it turns on (available-products.ts), and each is on sale only while a
 * route checks that flag and withholds what it opens from a caller without it: the
 * industry_insights_* sections (industry_insights), Creative, Foot traffic, Website impact and
 * Detailed digital metrics (the Pro Digital section's two parts) (get_report, fetch_drilldowns,
 * print_report: report-gates.ts). The report-section features cost $25 a month each (spec §9
 * lists them as pro-rata billed without prices). Features the product does not have yet keep
 * their flags but are not sold: Schedule (`pro_schedule`, with scheduled reports) and Weather
 * impact (`pro_weather`: no weather data source).
 */
export const PAYGO_FEATURES = [
  { feature: 'days', flag: 'industry_insights_days', unit_amount: 1_000, name: 'Days' },
  { feature: 'dayparts', flag: 'industry_insights_dayparts', unit_amount: 1_000, name: 'Dayparts' },
  {
    feature: 'ad_durations',
    flag: 'industry_insights_ad_durations',
    unit_amount: 1_000,
    name: 'Ad duration',
  },
  { feature: 'stations', flag: 'industry_insights_stations', unit_amount: 1_000, name: 'Stations' },
  {
    feature: 'station_formats',
    flag: 'industry_insights_station_formats',
    unit_amount: 1_000,
    name: 'Station formats',
  },
  { feature: 'programs', flag: 'industry_insights_programs', unit_amount: 1_000, name: 'Programs' },
  {
    feature: 'foot_traffic_hours',
    flag: 'industry_insights_foot_traffic_hours',
    unit_amount: 1_000,
    name: 'Foot traffic hours',
  },
  {
    feature: 'foot_traffic_days',
    flag: 'industry_insights_foot_traffic_days',
    unit_amount: 1_000,
    name: 'Foot traffic days',
  },
  { feature: 'creatives', flag: 'pro_creatives', unit_amount: 2_500, name: 'Creative' },
  { feature: 'foot_traffic', flag: 'pro_foot_traffic', unit_amount: 2_500, name: 'Foot traffic' },
  { feature: 'website_impact', flag: 'pro_web', unit_amount: 2_500, name: 'Website impact' },
  {
    feature: 'detailed_digital_metrics',
    flag: 'pro_detailed',
    unit_amount: 2_500,
    name: 'Detailed digital metrics',
  },
] as const;
export type PaygoFeature = (typeof PAYGO_FEATURES)[number]['feature'];

/** Stripe lookup key of a paygo feature line. */
export const paygoLookupKey = (feature: PaygoFeature) => `paygo_${feature}_monthly`;

/** Team plans cover up to this many users (spec §9). */
export const TEAM_MAX_USERS = 10;
/** Team plans are for markets ranked this and up (smaller markets; spec §9). */
export const TEAM_MIN_MARKET_RANK = 150;

/** Enterprise advertiser pricing the site quotes (cents per month; or market based). */
export const ENTERPRISE_ADVERTISER_RANGE = { from: 79_900, to: 199_900 } as const;

/**
 * Association members get 20% off Industry Insights (spec §1). The Stripe coupon id, and the
 * price lines it applies to; members prove membership with a code the server checks.
 */
export const ASSOCIATION_DISCOUNT = {
  coupon_id: 'association-20',
  percent_off: 20,
  applies_to: ['individual_industry_monthly', 'team_industry_monthly'],
} as const;

/**
 * Member prices of the lines that bundle Industry Insights with Advertiser Insights (individual
 * `both`): the bundle less {@link ASSOCIATION_DISCOUNT}'s percent of Industry Insights' own
 * price (rounded half up to a cent), so a member buying both still gets 20% off Industry
 * Insights and nothing off Advertiser Insights. A percent coupon cannot say that, so members
 * order this line instead of the coupon.
 */
export const ASSOCIATION_LINES: readonly PriceLine[] = PRICE_LINES.filter(
  (l) => l.product === 'both',
).map((l) => {
  const industry = PRICE_LINES.find((i) => i.plan === l.plan && i.product === 'industry');
  const off = Math.round(((industry?.unit_amount ?? 0) * ASSOCIATION_DISCOUNT.percent_off) / 100);
  return {
    lookup_key: `${l.plan}_${l.product}_association_monthly`,
    plan: l.plan,
    product: l.product,
    unit_amount: l.unit_amount - off,
    name: `${l.name}, association members`,
  };
});

/** The member price line of a plan and product, or null when members use the coupon or none. */
export function associationLineFor(plan: PlanId, product: ProductId): PriceLine | null {
  return ASSOCIATION_LINES.find((l) => l.plan === plan && l.product === product) ?? null;
}

/** Is this lookup key a member price line ({@link ASSOCIATION_LINES})? */
export const isAssociationLine = (lookupKey: string) =>
  ASSOCIATION_LINES.some((l) => l.lookup_key === lookupKey);

/**
 * What an association member saves a month on a plan and product, in integer cents: the
 * coupon's percent of a line it applies to, or the member line's difference; 0 otherwise.
 */
export function associationSaving(plan: PlanId, product: ProductId): number {
  const line = priceLineFor(plan, product);
  if (!line) return 0;
  if ((ASSOCIATION_DISCOUNT.applies_to as readonly string[]).includes(line.lookup_key))
    return Math.round((line.unit_amount * ASSOCIATION_DISCOUNT.percent_off) / 100);
  const member = associationLineFor(plan, product);
  return member ? line.unit_amount - member.unit_amount : 0;
}

/**
 * Days a `past_due` subscription keeps its access, counted from when it became past_due (a
 * failed renewal, or an invoice not paid by its due date), so a card can be updated without
 * losing the reports; after that it grants nothing until it is paid.
 */
export const PAST_DUE_GRACE_DAYS = 7;

/** Every account always has two free reports (spec §1, §9). */
export const FREE_REPORTS = 2;

/**
 * True when the plan and product are quoted after a contact request instead of ordered:
 * enterprise, and team with advertiser or both (spec §4 "treated as enterprise-like (team_pro)").
 */
export function isEnterpriseLike(plan: PlanId, product: ProductId): boolean {
  return plan === 'enterprise' || (plan === 'team' && product !== 'industry');
}

/**
 * The monthly price line of a plan and product.
 * @returns the line, or null for paygo (nothing due) and enterprise-like orders (quoted).
 */
export function priceLineFor(plan: PlanId, product: ProductId): PriceLine | null {
  if (plan === 'paygo' || isEnterpriseLike(plan, product)) return null;
  return PRICE_LINES.find((l) => l.plan === plan && l.product === product) ?? null;
}

/** The price line with this Stripe lookup key (member lines included), or undefined. */
export function priceLineByKey(lookupKey: string): PriceLine | undefined {
  return [...PRICE_LINES, ...ASSOCIATION_LINES].find((l) => l.lookup_key === lookupKey);
}

/**
 * The product a subscription covers after adding `added` to `current` (spec §4 "product
 * becomes both if both selected").
 */
export function combineProducts(current: ProductId | null, added: ProductId): ProductId {
  if (!current || current === added) return added;
  return 'both';
}

/** Does `owned` include `wanted`? (`both` includes each single product.) */
export function productCovers(owned: ProductId | null, wanted: SingleProduct): boolean {
  return owned === 'both' || owned === wanted;
}

/** Integer cents as `$1,234` (whole dollars) or `$1,234.50`. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  const whole = Number.isInteger(dollars);
  return `${cents < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}
