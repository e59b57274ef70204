import type { AvailableProductFlag } from './available-products';

/**
 * Report sections sold one by one (price-table.ts PAYGO_FEATURES) and the available_products
 * flag that opens each. Past the two free reports, a caller without Advertiser Insights gets a
 * section only with its flag: the server leaves its data out of get_report, fetch_drilldowns,
 * fetch_stream_drilldowns and print_report (lambdas/reports/core/feature-gates.ts), and the
 * screen shows it locked with an Unlock button.
 * - `creatives`: the creative breakdown table and the creatives listed in every table's rows
 *   (both periods, and foot traffic's), and drilling into a creative;
 * - `foot_traffic`: the foot traffic section (store visits: tiles, tables, locations);
 * - `website_impact`: the Pro Digital section's overall comparison (new-user share, engaged-session
 *   rate and engagement time of every airing's windows against the baseline, and its chart);
 * - `detailed_digital_metrics`: the Pro Digital section's tables per station, daypart and
 *   creative (the creative table also needs `creatives`).
 */
export const REPORT_GATES = {
  creatives: 'pro_creatives',
  foot_traffic: 'pro_foot_traffic',
  website_impact: 'pro_web',
  detailed_digital_metrics: 'pro_detailed',
} as const satisfies Record<string, AvailableProductFlag>;

/** A report section gated by its own flag. */
export type GatedReportSection = keyof typeof REPORT_GATES;

/** The gated sections, in the report's order. */
export const GATED_REPORT_SECTIONS = Object.keys(REPORT_GATES) as GatedReportSection[];
