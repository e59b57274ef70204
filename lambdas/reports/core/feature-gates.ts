import type { Caller } from '#shared/auth/caller';
import {
  GATED_REPORT_SECTIONS,
  type GatedReportSection,
  REPORT_GATES,
} from '#shared/billing/report-gates';
import type { ProDigital } from '#shared/contracts/pro-digital.schema';
import type {
  BroadcastRow,
  PeriodResult,
  ReportFilters,
  StoredReportView,
} from '#shared/contracts/report.schema';
import { Forbidden } from '#shared/errors';
import type { AllowanceDeps, ReportAllowance } from './usage';

/**
 * The report sections sold one by one (layers/shared/billing/report-gates.ts: Creative, Foot
 * traffic, and the Pro Digital section's Website impact and Detailed digital metrics), enforced
 * where the data leave the server, as the free-report paywall does for the
 * insights: get_report, fetch_drilldowns / fetch_stream_drilldowns and print_report (and so the
 * CSV downloads, made in the browser from those answers).
 *
 * Rule: within the two free reports (and for staff, demo and sample clients, and Advertiser
 * Insights, which lift the paywall) everything shows. Past them (`max_reports`), a section needs
 * its own flag (`pro_creatives`, `pro_foot_traffic`, `pro_web`, `pro_detailed`), bought one by one.
 */

/** Said when a drill-down asks for a creative the caller has not unlocked. */
export const CREATIVES_LOCKED =
  'Creative breakdowns are part of a paid plan: unlock Creative or Advertiser Insights.';

/**
 * The gated sections the caller has not unlocked for this report.
 * @param allowance the report's paywall flags for the caller (usage.ts reportAllowance).
 * @returns [] within the free reports or with Advertiser Insights; else the sections whose flag
 *   the caller's subscriptions do not grant.
 */
export async function lockedSections(
  deps: Pick<AllowanceDeps, 'plans'>,
  caller: Caller,
  allowance: ReportAllowance,
): Promise<GatedReportSection[]> {
  if (!allowance.max_reports) return [];
  const flags = await deps.plans.availableProducts(caller.userId);
  return GATED_REPORT_SECTIONS.filter((section) => !flags[REPORT_GATES[section]]);
}

/**
 * A period without its creative breakdowns when `creatives` is locked: the creative table is
 * empty and no row lists its creatives. Other tables and the summary are unchanged (a copy; the
 * cached original is never touched).
 */
export function withholdPeriod<P extends Pick<PeriodResult, 'tables'>>(
  period: P,
  locked: readonly GatedReportSection[],
): P {
  if (!locked.includes('creatives')) return period;
  const tables: Partial<Record<string, BroadcastRow[]>> = {};
  for (const [dimension, rows] of Object.entries(period.tables))
    tables[dimension] =
      dimension === 'creative' ? [] : rows.map((row): BroadcastRow => ({ ...row, creatives: [] }));
  return { ...period, tables: tables as P['tables'] };
}

/** Does the period show creatives (a creative row, or a row listing its creatives)? */
function hasCreatives(period: Pick<PeriodResult, 'tables'> | null | undefined): boolean {
  if (!period) return false;
  return Object.values(period.tables).some((rows) => rows.some((r) => r.creatives.length > 0));
}

/**
 * The Pro Digital section without its locked parts: `overall` null without `website_impact`,
 * `tables` null without `detailed_digital_metrics`, no creative rows without `creatives`.
 */
export function withholdProDigital(
  section: ProDigital,
  locked: readonly GatedReportSection[],
): ProDigital {
  const tables =
    section.tables && !locked.includes('detailed_digital_metrics')
      ? locked.includes('creatives')
        ? { ...section.tables, creative: [] }
        : section.tables
      : null;
  return {
    ...section,
    overall: locked.includes('website_impact') ? null : section.overall,
    tables,
  };
}

/**
 * A stored report view with the locked sections left out: creatives from both periods, from
 * foot traffic and from the Pro Digital tables, foot traffic itself (null), and the Pro Digital
 * section's locked parts (withholdProDigital).
 * @returns the view and the locked sections it actually had (what the screen shows locked).
 */
export function withholdView<V extends StoredReportView>(
  view: V,
  locked: readonly GatedReportSection[],
): { view: V; withheld: GatedReportSection[] } {
  const digital = view.pro_digital ?? null;
  const present: Record<GatedReportSection, boolean> = {
    creatives:
      hasCreatives(view) ||
      hasCreatives(view.compare) ||
      hasCreatives(view.foot_traffic) ||
      (digital?.tables?.creative.length ?? 0) > 0,
    foot_traffic: Boolean(view.foot_traffic),
    website_impact: Boolean(digital?.overall),
    detailed_digital_metrics: Boolean(digital?.tables),
  };
  const withheld = locked.filter((section) => present[section]);
  if (withheld.length === 0) return { view, withheld };
  const foot =
    view.foot_traffic && !locked.includes('foot_traffic')
      ? withholdPeriod(view.foot_traffic, locked)
      : null;
  return {
    view: {
      ...withholdPeriod(view, locked),
      compare: view.compare ? withholdPeriod(view.compare, locked) : null,
      foot_traffic: view.foot_traffic === undefined ? undefined : foot,
      ...(digital ? { pro_digital: withholdProDigital(digital, locked) } : {}),
    },
    withheld,
  };
}

/**
 * Refuses a drill-down that would read a locked section: a filter on a creative, whose subset
 * summary is that creative's numbers.
 * @throws Forbidden ({@link CREATIVES_LOCKED}) for a creative filter while creatives are locked.
 */
export function refuseLockedDrill(
  filters: Pick<ReportFilters, 'drill'>,
  locked: readonly GatedReportSection[],
): void {
  if (locked.includes('creatives') && filters.drill.some((f) => f.dimension === 'creative'))
    throw new Forbidden(CREATIVES_LOCKED);
}
