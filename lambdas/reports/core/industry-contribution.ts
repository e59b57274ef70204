import type { IndustrySectionId } from '#shared/contracts/industry-insights.schema';
import type { BroadcastRow, DimensionKey, ReportDocument } from '#shared/contracts/report.schema';

/**
 * What one advertiser's latest report gives its industry's benchmarks (Industry Insights; see
 * layers/shared/contracts/industry-insights.schema.ts): per section, its airings and attributed
 * visits in total and per key. Only counts: no advertiser name, no money, no airing times.
 */

/** One key of a section: airings there and the signed attributed visits they brought. */
export interface ContributionRow {
  key: string;
  label: string;
  ads: number;
  visits: number;
}

/** One section of a contribution: the totals its index is relative to, and its keys. */
export interface ContributionSection {
  /** Airings (website sections) or airings with store data (foot-traffic sections). */
  airings: number;
  /** Signed attributed visits (store visits for the foot-traffic sections). */
  visits: number;
  rows: ContributionRow[];
}

/**
 * New users of the advertiser's website per 7-day week, oldest first, in the weeks ending on
 * `week_end` (the report's last day, YYYY-MM-DD UTC); feeds the industry's weekly trend
 * (industry-trends.ts). Counts only.
 */
export interface WeeklyNewUsers {
  week_end: string;
  weeks: number[];
  /**
   * New users per DMA per calendar week (the weekly trends view; industry-trends.ts
   * weeklyNewUsersByDma). Absent in contributions filed before it existed.
   */
  dma_weeks?: DmaWeeklyNewUsers;
}

/**
 * New users of the advertiser's website per DMA and calendar week (Monday to Sunday, UTC), the
 * DMA_TREND_WEEKS weeks up to `week_end` (the last Sunday on or before the report's last day),
 * oldest first. Keys are DMA codes, 'unknown' for unknown geography (DynamoDB refuses an empty
 * map key; industry-trends.ts UNKNOWN_DMA_KEY); DMAs without new users are left
 * out. Counts only.
 */
export interface DmaWeeklyNewUsers {
  week_end: string;
  by_dma: Record<string, number[]>;
}

/** An advertiser's contribution, from its latest report. */
export interface IndustryContribution {
  client_uid: string;
  /** From a sample-data client: only ever compared with other sample-data clients. */
  sample_data: boolean;
  report_id: string;
  /** When the report was stored, ISO-8601 UTC. */
  updated_at: string;
  sections: Partial<Record<IndustrySectionId, ContributionSection>>;
  /** Absent in contributions filed before weekly trends existed, or without visits. */
  weekly_new_users?: WeeklyNewUsers;
}

/** Stations and programs kept per contribution (most airings first): keeps items small. */
export const MAX_NAMED_ROWS = 40;

/** Station-type labels of the station formats section (other types are title-cased). */
const STATION_TYPE_LABELS: Record<string, string> = {
  tv: 'Broadcast TV',
  radio: 'Radio',
  cable: 'Cable',
  national_cable: 'National cable',
  streaming: 'Streaming / CTV',
  podcast: 'Podcast',
};

/** Label of a station type: 'tv' → 'Broadcast TV', 'satellite_radio' → 'Satellite radio'. */
export function stationTypeLabel(type: string): string {
  const known = STATION_TYPE_LABELS[type];
  if (known) return known;
  const words = type.replaceAll('_', ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

const rowsOf = (rows: readonly BroadcastRow[] | undefined, limit?: number): ContributionRow[] => {
  const out = (rows ?? [])
    .filter((r) => r.ads > 0)
    .map((r) => ({ key: r.key, label: r.label, ads: r.ads, visits: r.traffic }));
  if (limit === undefined) return out;
  return out.sort((a, b) => b.ads - a.ads || a.key.localeCompare(b.key)).slice(0, limit);
};

/** Station rows summed by station type (the row's `type`). */
function byStationType(rows: readonly BroadcastRow[] | undefined): ContributionRow[] {
  const sums = new Map<string, ContributionRow>();
  for (const r of rows ?? []) {
    if (r.ads <= 0) continue;
    const type = r.type || 'unknown';
    const s = sums.get(type) ?? { key: type, label: stationTypeLabel(type), ads: 0, visits: 0 };
    s.ads += r.ads;
    s.visits += r.traffic;
    sums.set(type, s);
  }
  return [...sums.values()];
}

/**
 * The contribution of a stored report (spec §3 "Report"): dayparts, days, ad lengths, station
 * formats (station rows by station type), stations and programs (the MAX_NAMED_ROWS with most
 * airings) from the web tables; foot-traffic days and dayparts (hours) from the store-visit
 * tables when the report has them. Sections without airings are left out.
 * @param doc the report document or its stored view (tables, summary, foot_traffic).
 * @param updatedAt ISO-8601 UTC.
 */
export function contributionOf(
  doc: Pick<ReportDocument, 'client_uid' | 'report_id' | 'sample_data' | 'summary' | 'tables'> & {
    foot_traffic?: ReportDocument['foot_traffic'];
  },
  updatedAt: string,
): IndustryContribution {
  const web = (dim: DimensionKey, limit?: number) => rowsOf(doc.tables[dim], limit);
  const sections: IndustryContribution['sections'] = {};
  const put = (id: IndustrySectionId, airings: number, visits: number, rows: ContributionRow[]) => {
    if (airings > 0 && rows.length > 0) sections[id] = { airings, visits, rows };
  };
  const { airings, attributed_visits: visits } = doc.summary;
  put('dayparts', airings, visits, web('daypart'));
  put('days', airings, visits, web('day_of_week'));
  put('ad_durations', airings, visits, web('spot_length'));
  put('station_formats', airings, visits, byStationType(doc.tables.station));
  put('stations', airings, visits, web('station', MAX_NAMED_ROWS));
  put('programs', airings, visits, web('program', MAX_NAMED_ROWS));
  const ft = doc.foot_traffic;
  if (ft) {
    const { airings: ftAirings, attributed_visits: ftVisits } = ft.summary;
    put('foot_traffic_days', ftAirings, ftVisits, rowsOf(ft.tables.day_of_week));
    put('foot_traffic_hours', ftAirings, ftVisits, rowsOf(ft.tables.daypart));
  }
  return {
    client_uid: doc.client_uid,
    sample_data: doc.sample_data,
    report_id: doc.report_id,
    updated_at: updatedAt,
    sections,
  };
}
