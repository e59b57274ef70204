import { Forbidden } from '../errors';
import type { AvailableProductFlag, AvailableProducts } from './available-products';
import { PAYGO_FEATURES, PRODUCT_NAMES, type SingleProduct } from './price-table';

/**
 * The one gate table of the response ratings features (spec §6 "Features gated by
 * available_products flags"): which available_products flag opens each, which product sells it,
 * the Unlock button (label and where it leads) and the 403 message a refused caller reads. The
 * ratings routes (lambdas/ratings) refuse with {@link gateFor}; the ratings, Market Insights and
 * calculator pages show the same gate's button; the plans page lists {@link featuresSoldBy}, so
 * what is sold and what is gated come from this one table.
 *
 * Open to anyone (no gate): the top ten per market and format at daypart `all`, a station's
 * history at daypart `all`, the public calculator on sample ratings.
 */
export const RATINGS_FEATURES = [
  'ratings_dayparts',
  'ratings_stations',
  'ratings_formats',
  'ratings_industries',
  'market_insights',
  'calculator_real',
] as const;
export type RatingsFeature = (typeof RATINGS_FEATURES)[number];

/** Button text of the product that sells a feature (spec §6). */
export const UNLOCK_LABELS = {
  industry: 'Unlock Industry Insights',
  advertiser: 'Unlock Advertiser Insights',
} as const satisfies Record<SingleProduct, string>;
export type UnlockLabel = (typeof UNLOCK_LABELS)[SingleProduct];

/** One gated ratings feature. */
export interface RatingsGate {
  feature: RatingsFeature;
  /** The available_products flag that opens it (set by {@link product}, or a paygo feature). */
  flag: AvailableProductFlag;
  /** The product whose subscription sets {@link flag}: `industry` or `advertiser` Insights. */
  product: SingleProduct;
  /** The Unlock button's text. */
  unlock_label: UnlockLabel;
  /** Where the Unlock button leads: the plans page with the product picked. */
  unlock_path: `/plans?product=${SingleProduct}`;
  /** What the plans page lists under the product, e.g. "Response ratings by daypart". */
  name: string;
  /** The Starter (paygo) feature that also sets {@link flag}, by its plan name; null if none. */
  paygo_feature: string | null;
  /** The 403 message: what was refused and what unlocks it. */
  message: string;
}

/** The rows of the table before the derived fields. */
const ROWS: Record<
  RatingsFeature,
  {
    flag: AvailableProductFlag;
    name: string;
    /** Subject and verb of the 403 message, e.g. "Ratings by daypart are". */
    what: string;
  }
> = {
  ratings_dayparts: {
    flag: 'industry_insights_dayparts',
    name: 'Response ratings by daypart',
    what: 'Ratings by daypart are',
  },
  ratings_stations: {
    flag: 'industry_insights_stations',
    name: 'Response ratings by station, beyond each market’s top ten',
    what: 'Ratings of every station beyond the top ten are',
  },
  ratings_formats: {
    flag: 'industry_insights_station_formats',
    name: 'Response ratings by station format',
    what: 'Ratings by station format are',
  },
  ratings_industries: {
    flag: 'industry_insights_unlimited',
    name: 'Response ratings by industry cohort',
    what: 'Ratings by industry cohort are',
  },
  market_insights: {
    flag: 'competitive_data',
    name: 'Market Insights: your stations against the market by format and daypart',
    what: 'Market Insights is',
  },
  calculator_real: {
    flag: 'industry_insights_stations',
    name: 'The full acquisition calculator, on real ratings',
    what: 'The calculator with real ratings is',
  },
};

/** Which product's subscription sets a flag (available-products.ts deriveAvailableProducts). */
function productOf(flag: AvailableProductFlag): SingleProduct {
  if (flag.startsWith('industry_insights_')) return 'industry';
  if (flag.startsWith('pro_') || flag === 'competitive_data') return 'advertiser';
  throw new Error(`No product sets ${flag}`);
}

function gate(feature: RatingsFeature): RatingsGate {
  const { flag, name, what } = ROWS[feature];
  const product = productOf(flag);
  const paygo = PAYGO_FEATURES.find((p) => p.flag === flag)?.name ?? null;
  const also = paygo ? ` (or the ${paygo} feature of Individual Starter)` : '';
  return {
    feature,
    flag,
    product,
    unlock_label: UNLOCK_LABELS[product],
    unlock_path: `/plans?product=${product}`,
    name,
    paygo_feature: paygo,
    message: `${what} part of ${PRODUCT_NAMES[product]}: unlock ${PRODUCT_NAMES[product]}${also} to see ${what.endsWith(' is') ? 'it' : 'them'}.`,
  };
}

/** Every gated ratings feature, by id (see {@link RatingsGate}). */
export const RATINGS_GATES: Readonly<Record<RatingsFeature, RatingsGate>> = Object.freeze(
  Object.fromEntries(RATINGS_FEATURES.map((f) => [f, gate(f)])) as Record<
    RatingsFeature,
    RatingsGate
  >,
);

/** Who is asking, beyond the flags. */
export interface GateCaller {
  /** Staff see everything. @default false */
  staff?: boolean;
}

/**
 * May a caller with these available_products flags use a ratings feature?
 * @param flags the caller's flags (available-products.ts); null/absent (a visitor) or a missing
 *   flag counts as false. A demo client's flags are all on already.
 * @param caller `{ staff: true }` (or `true`) opens every feature.
 * @returns `allowed`, and the feature's gate (its button and 403 message) either way.
 */
export function gateFor(
  feature: RatingsFeature,
  flags: Partial<AvailableProducts> | null | undefined,
  caller: GateCaller | boolean = {},
): { allowed: boolean; gate: RatingsGate } {
  const g = RATINGS_GATES[feature];
  const staff = typeof caller === 'boolean' ? caller : caller.staff === true;
  return { allowed: staff || flags?.[g.flag] === true, gate: g };
}

/**
 * Refuses a ratings feature the caller has not unlocked ({@link gateFor}'s rule).
 * @throws Forbidden (403) with the gate's message, which names what to unlock.
 */
export function requireGate(
  feature: RatingsFeature,
  flags: Partial<AvailableProducts> | null | undefined,
  caller: GateCaller | boolean = {},
): void {
  const { allowed, gate } = gateFor(feature, flags, caller);
  if (!allowed) throw new Forbidden(gate.message);
}

/** The gated ratings features a product sells, in {@link RATINGS_FEATURES} order. */
export function featuresSoldBy(product: SingleProduct): RatingsGate[] {
  return RATINGS_FEATURES.map((f) => RATINGS_GATES[f]).filter((g) => g.product === product);
}
