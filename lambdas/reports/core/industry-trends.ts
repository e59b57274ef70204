import {
  type IndustryTrend,
  MIN_PEERS,
  TREND_WEEKS,
} from '#shared/contracts/industry-insights.schema';
import { WEEKLY_TRENDS_MAX_WEEKS } from '#shared/contracts/weekly-trends.schema';
import { DAY_S } from './dates';
import type { IndustryBenchmarkStore } from './industry-benchmarks';
import type {
  DmaWeeklyNewUsers,
  IndustryContribution,
  WeeklyNewUsers,
} from './industry-contribution';
import type { VisitColumnsResult } from './ports';

/**
 * Weekly trends of the industries lookup (spec §3 industries "trends with
 * avg_newusers_delta_pct_from_prev", §9 "Trend badge"; §2 "Landing page" badges). Each
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

// The weekly trends view (spec §3 "Weekly trends", §9 "weekly trends default 3 weeks"): new
// users per DMA and calendar week, so trends can be computed per market and for up to
// WEEKLY_TRENDS_MAX_WEEKS weeks on weeks every advertiser shares.

/** Calendar weeks a contribution keeps per DMA: the longest table's changes need one more. */
export const DMA_TREND_WEEKS = WEEKLY_TRENDS_MAX_WEEKS + 1;

const ymd = (epochS: number) => new Date(epochS * 1000).toISOString().slice(0, 10);
const dayStartS = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** The last Sunday (YYYY-MM-DD, UTC) on or before `dateEnd`: the end of its last whole week. */
export function lastWeekEnd(dateEnd: string): string {
  const start = dayStartS(dateEnd);
  return ymd(start - new Date(start * 1000).getUTCDay() * DAY_S);
}

/**
 * The DMA_TREND_WEEKS calendar weeks up to lastWeekEnd(dateEnd): first second (epoch seconds
 * UTC), first second after, and the last day.
 */
export function dmaTrendWindow(dateEnd: string): {
  fromUtc: number;
  toUtc: number;
  weekEnd: string;
} {
  const weekEnd = lastWeekEnd(dateEnd);
  const toUtc = dayStartS(weekEnd) + DAY_S;
  return { fromUtc: toUtc - DMA_TREND_WEEKS * WEEK_S, toUtc, weekEnd };
}

/** The new-user rows a report reads for both trends: trendWindow and dmaTrendWindow together. */
export function trendReadWindow(dateEnd: string): { fromUtc: number; toUtc: number } {
  const landing = trendWindow(dateEnd);
  return {
    fromUtc: Math.min(landing.fromUtc, dmaTrendWindow(dateEnd).fromUtc),
    toUtc: landing.toUtc,
  };
}

/**
 * The key of unknown geography in DmaWeeklyNewUsers.by_dma: DynamoDB refuses an empty map key,
 * so the rows' '' is filed under it.
 */
export const UNKNOWN_DMA_KEY = 'unknown';

/**
 * New users per DMA (UNKNOWN_DMA_KEY = unknown geography) and calendar week of
 * dmaTrendWindow, oldest first, from visit rows of the new-users metric; DMAs without any are
 * left out.
 * @param dateEnd inclusive last day of the report, YYYY-MM-DD UTC.
 */
export function weeklyNewUsersByDma(
  visits: VisitColumnsResult,
  dateEnd: string,
): DmaWeeklyNewUsers {
  const { fromUtc, toUtc, weekEnd } = dmaTrendWindow(dateEnd);
  const byDma: Record<string, number[]> = {};
  for (let i = 0; i < visits.bucketUtc.length; i++) {
    const t = visits.bucketUtc[i] as number;
    const v = visits.values[i] as number;
    if (t < fromUtc || t >= toUtc || !(v > 0)) continue;
    const dma = visits.dmaCodes[visits.dmaIndex[i] as number] || UNKNOWN_DMA_KEY;
    byDma[dma] ??= new Array<number>(DMA_TREND_WEEKS).fill(0);
    const w = Math.floor((t - fromUtc) / WEEK_S);
    (byDma[dma] as number[])[w] = ((byDma[dma] as number[])[w] as number) + v;
  }
  return { week_end: weekEnd, by_dma: byDma };
}

/**
 * What a report files for both trends: the landing badge's weeks (weeklyNewUsers) and the
 * weekly trends view's weeks per DMA (weeklyNewUsersByDma), from rows of trendReadWindow.
 */
export function trendNewUsers(visits: VisitColumnsResult, dateEnd: string): WeeklyNewUsers {
  return { ...weeklyNewUsers(visits, dateEnd), dma_weeks: weeklyNewUsersByDma(visits, dateEnd) };
}

/**
 * The newest week end (a Sunday) that at least MIN_PEERS of the contributions cover, so the
 * table's weeks are ones the advertisers share; the newest of any when none is; null without
 * any contribution with weeks per DMA.
 */
export function sharedWeekEnd(contributions: readonly IndustryContribution[]): string | null {
  const ends = contributions
    .map((c) => c.weekly_new_users?.dma_weeks?.week_end)
    .filter((e): e is string => typeof e === 'string')
    .sort()
    .reverse();
  if (ends.length === 0) return null;
  const span = (DMA_TREND_WEEKS - 1) * WEEK_S;
  for (const end of new Set(ends)) {
    const at = dayStartS(end);
    const covering = ends.filter((e) => dayStartS(e) >= at && dayStartS(e) - span <= at).length;
    if (covering >= MIN_PEERS) return end;
  }
  return ends[0] as string;
}

/** The `count` week ends (oldest first) of a table ending on `weekEnd`. */
export function tableWeekEnds(weekEnd: string, count: number): string[] {
  const end = dayStartS(weekEnd);
  return Array.from({ length: count }, (_, i) => ymd(end - (count - 1 - i) * WEEK_S));
}

/** One industry's row of the weekly trends table (see weeklyTrendRowSchema). */
export interface IndustryWeeklyTrend {
  /** Advertisers with new users in the chosen markets in the table's weeks. */
  advertisers: number;
  /** New users per week, summed over advertisers; 0 where fewer than MIN_PEERS have any. */
  new_users: number[];
  /** Mean week-over-week change per week, percent to 0.1; null under MIN_PEERS. */
  changes: Array<number | null>;
  avg_change_pct: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * An industry's weekly new-user change in the chosen markets (spec §3 "Weekly trends"), on the
 * calendar weeks `weekEnds` (oldest first, Sundays): for each advertiser its new users in the
 * markets (every DMA and the unknown one when `dmaCodes` is empty) per week; a week's change is
 * the mean of the advertisers' changes from the week before (those with new users that week
 * before), shown only when at least MIN_PEERS advertisers give one (k-anonymity, as the
 * benchmarks); a week's new users are shown only when MIN_PEERS advertisers have some there.
 * @returns null when fewer than MIN_PEERS advertisers have new users there (no row at all).
 */
export function industryWeeklyTrend(
  contributions: readonly IndustryContribution[],
  weekEnds: readonly string[],
  dmaCodes: readonly string[],
): IndustryWeeklyTrend | null {
  if (weekEnds.length === 0) return null;
  // Week ends of the table with the week before the first (its change needs it).
  const ends = [ymd(dayStartS(weekEnds[0] as string) - WEEK_S), ...weekEnds].map((e) =>
    dayStartS(e),
  );
  const series: Array<Array<number | undefined>> = [];
  for (const c of contributions) {
    const dw = c.weekly_new_users?.dma_weeks;
    if (!dw) continue;
    const last = dayStartS(dw.week_end);
    const markets = dmaCodes.length > 0 ? dmaCodes : Object.keys(dw.by_dma);
    const s = ends.map((end) => {
      const k = DMA_TREND_WEEKS - 1 - Math.round((last - end) / WEEK_S);
      if (k < 0 || k >= DMA_TREND_WEEKS) return undefined;
      return markets.reduce((sum, d) => sum + (dw.by_dma[d]?.[k] ?? 0), 0);
    });
    if (s.some((v) => v !== undefined && v > 0)) series.push(s);
  }
  if (series.length < MIN_PEERS) return null;
  const newUsers: number[] = [];
  const changes: Array<number | null> = [];
  for (let j = 1; j < ends.length; j++) {
    const have = series.filter((s) => (s[j] ?? 0) > 0);
    newUsers.push(
      have.length >= MIN_PEERS ? have.reduce((sum, s) => sum + (s[j] as number), 0) : 0,
    );
    const pcts = series
      .filter((s) => s[j] !== undefined && (s[j - 1] ?? 0) > 0)
      .map((s) => (100 * ((s[j] as number) - (s[j - 1] as number))) / (s[j - 1] as number));
    changes.push(
      pcts.length >= MIN_PEERS ? round1(pcts.reduce((a, b) => a + b, 0) / pcts.length) : null,
    );
  }
  const shown = changes.filter((c): c is number => c !== null);
  return {
    advertisers: series.length,
    new_users: newUsers,
    changes,
    avg_change_pct:
      shown.length > 0 ? round1(shown.reduce((a, b) => a + b, 0) / shown.length) : null,
  };
}
