import {
  INDUSTRY_SECTION_TITLES,
  INDUSTRY_SECTIONS,
  sectionFlag,
} from '../contracts/industry-insights.schema';
import type { AvailableProductFlag } from './available-products';
import type { SingleProduct } from './price-table';
import { featuresSoldBy, RATINGS_FEATURES, RATINGS_GATES } from './ratings-gates';
import { REPORT_GATES } from './report-gates';

/**
 * What each product unlocks, one line per thing a buyer gets, each with the available_products
 * flags that open it (spec §6 "Features gated by available_products flags", §9 "Plans"). Every
 * plan text (the plans page, the sign-up plan cards, the "You're subscribed" screen) is written
 * from this table, and every line names only flags a route checks, so what is sold is exactly
 * what is gated: the report sections (report-gates.ts), the Industry Insights panel's sections
 * (industry-insights.schema.ts sectionFlag) and the response ratings features (ratings-gates.ts,
 * whose names are used as they are).
 *
 * Not listed because nothing gates them yet: Schedule (`pro_schedule`) and Weather impact
 * (`pro_weather`), which the Advertiser product sets for when they exist; weekly trends, which
 * every non-advertiser account sees.
 */

/** One thing a product unlocks. */
export interface UnlockLine {
  /** The line a buyer reads, e.g. "Response ratings by daypart". */
  text: string;
  /** The flags that open it (all set by the product that lists it). */
  flags: readonly AvailableProductFlag[];
}

const sectionTitles = INDUSTRY_SECTIONS.map((s) => INDUSTRY_SECTION_TITLES[s].toLowerCase());

const REPORT_LINES: Record<SingleProduct, UnlockLine[]> = {
  industry: [
    {
      text: `Industry benchmarks across about 250 categories, by ${sectionTitles.join(', ')}`,
      flags: INDUSTRY_SECTIONS.map(sectionFlag),
    },
  ],
  advertiser: [
    {
      text: 'Unlimited reports with the plain-language insights, beyond the two free reports',
      flags: ['pro_unlimited'],
    },
    { text: 'Creative breakdowns', flags: [REPORT_GATES.creatives] },
    { text: 'Foot traffic (store visits)', flags: [REPORT_GATES.foot_traffic] },
    {
      text: 'Pro Digital: website impact and detailed digital metrics',
      flags: [REPORT_GATES.website_impact, REPORT_GATES.detailed_digital_metrics],
    },
  ],
};

/**
 * The lines of a product: its report features, then the response ratings features it sells
 * (ratings-gates.ts), in table order.
 */
export function productUnlocks(product: SingleProduct): UnlockLine[] {
  return [
    ...REPORT_LINES[product],
    ...featuresSoldBy(product).map((g) => ({ text: g.name, flags: [g.flag] })),
  ];
}

/** The lines of both products, by product. */
export const PRODUCT_UNLOCKS: Readonly<Record<SingleProduct, readonly UnlockLine[]>> = {
  industry: productUnlocks('industry'),
  advertiser: productUnlocks('advertiser'),
};

/** The product's lines as one sentence list, e.g. for a confirmation screen. */
export const unlocksSentence = (product: SingleProduct) =>
  `${PRODUCT_UNLOCKS[product].map((l) => l.text).join('; ')}.`;

/**
 * The response ratings features a flag opens besides its report section, by name: what a
 * Starter (paygo) feature also unlocks, e.g. Stations → station ratings and the real calculator.
 */
export function ratingsOpenedBy(flag: AvailableProductFlag): string[] {
  return RATINGS_FEATURES.map((f) => RATINGS_GATES[f])
    .filter((g) => g.flag === flag)
    .map((g) => g.name);
}
