import {
  type IndustryTrend,
  MIN_PEERS,
  TREND_WEEKS,
} from '../../../layers/shared/contracts/industry-insights.schema';
import { DAY_S } from './dates';
import type { IndustryBenchmarkStore } from './industry-benchmarks';
import type { IndustryContribution, WeeklyNewUsers } from './industry-contribution';
import type { VisitColumnsResult } from './ports';

/**
 * Weekly trends of the industries lookup (spec §3 industries "trends with
 * avg_newusers_delta_pct_from_prev", §9 "Trend badge"; issue #5 landing lookup badges). Each
 * report's contribution carries the advertiser's new users in the TREND_WEEKS + 1 weeks ending
 * on the report's last day; an industry's trend is the mean of its advertisers' mean
 * week-over-week changes, shown only with at least MIN_PEERS advertisers (k-anonymity, as the
 * benchmarks). Pure except {@link refreshIndustryTrend}.
 */

const WEEK_S = 7 * DAY_S;

/** Weeks of new users a contribution keeps: TREND_WEEKS changes need one more week. */
export const TREND_DATA_WEEKS = TREND_WEEKS + 1;

/**
 * The first second (epoch seconds UTC) of the trend window ending on `dateEnd` (inclusive
 * YYYY-MM-DD, UTC) and the first second after it.
 */
export function trendWindow(dateEnd: string): { fromUtc: number; toUtc: number } {
  const toUtc = Date.parse(`${dateEnd}T00:00:00Z`) / 1000 + DAY_S;
  return { fromUtc: toUtc - TREND_DATA_WEEKS * WEEK_S, toUtc };
}

/**
 * New users per 7-day week of the trend window, oldest first (TREND_DATA_WEEKS numbers), from
 * visit rows of the new-users metric (every DMA and the unknown one summed).
 * @param dateEnd inclusive last day, YYYY-MM-DD UTC.
 */
export function weeklyNewUsers(visits: VisitColumnsResult, dateEnd: string): WeeklyNewUsers {
  const { fromUtc, toUtc } = trendWindow(dateEnd);
  const weeks = new Array<number>(TREND_DATA_WEEKS).fill(0);
  for (let i = 0; i < visits.bucketUtc.length; i++) {
    const t = visits.bucketUtc[i] as number;
    if (t < fromUtc || t >= toUtc) continue;
    const w = Math.floor((t - fromUtc) / WEEK_S);
    weeks[w] = (weeks[w] as number) + (visits.values[i] as number);
  }
  return { week_end: dateEnd, weeks };
}

/**
 * One advertiser's mean week-over-week change in percent over the weeks whose previous week had
 * new users; null when none had (a change from zero means nothing).
 */
export function advertiserChangePct(w: WeeklyNewUsers): number | null {
  const changes: number[] = [];
  for (let i = 1; i < w.weeks.length; i++) {
    const prev = w.weeks[i - 1] as number;
    if (prev > 0) changes.push((100 * ((w.weeks[i] as number) - prev)) / prev);
  }
  return changes.length > 0 ? changes.reduce((a, b) => a + b, 0) / changes.length : null;
}

/**
 * The industry's trend from its filed contributions (one kind: all real or all sample), or
 * null with fewer than MIN_PEERS advertisers that have a change. Rounded to 0.1%.
 */
export function industryTrend(
  contributions: readonly IndustryContribution[],
): IndustryTrend | null {
  const changes: number[] = [];
  let weekEnd = '';
  for (const c of contributions) {
    const change = c.weekly_new_users ? advertiserChangePct(c.weekly_new_users) : null;
    if (change === null || !c.weekly_new_users) continue;
    changes.push(change);
    if (c.weekly_new_users.week_end > weekEnd) weekEnd = c.weekly_new_users.week_end;
  }
  if (changes.length < MIN_PEERS) return null;
  const mean = changes.reduce((a, b) => a + b, 0) / changes.length;
  return {
    avg_newusers_delta_pct_from_prev: Math.round(mean * 10) / 10,
    advertisers: changes.length,
    week_end: weekEnd,
    sample_data: contributions[0]?.sample_data ?? false,
  };
}

/**
 * Recomputes and stores one industry's trend (real or sample) after its contributions changed;
 * stores null (the badge disappears) when too few advertisers remain.
 */
export async function refreshIndustryTrend(
  store: IndustryBenchmarkStore,
  industryId: string,
  sampleData: boolean,
): Promise<void> {
  const filed = await store.listIndustry(industryId, sampleData);
  const trend = industryTrend(filed);
  await store.putTrend(
    industryId,
    sampleData,
    trend ? { ...trend, sample_data: sampleData } : null,
  );
}
