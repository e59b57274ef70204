import type { ReportSeries } from '#shared/contracts/report.schema';
import { BaselineScratch, type ClusterLevel, SeasonalBaseline } from './baseline';
import { isoUtc } from './local-time';
import { resolveOptions } from './options';
import {
  type Airing,
  type AttributionOptions,
  NATIONAL,
  type Resolution,
  type VisitData,
} from './types';
import { markWindows, placeAirings } from './windows';

/** Chart bucket of the summary series (the report's summary chart). */
export type SeriesBucket = ReportSeries['bucket'];

/** Seconds per chart bucket. */
export const BUCKET_SECONDS: Record<SeriesBucket, number> = {
  minute: 60,
  hour: 3600,
  day: 86_400,
};

/**
 * The chart bucket for a report range [fromUtc, toUtc) (epoch seconds): minutes for ranges up to
 * 1 day of minute data (≤ 1,440 points), hours up to 31 days (≤ 744), else days. This keeps the
 * series near or under 2,000 points for ranges up to ~5 years: the chart stays bounded in size.
 */
export function seriesBucket(fromUtc: number, toUtc: number, resolution: Resolution): SeriesBucket {
  const days = (toUtc - fromUtc) / 86_400;
  if (resolution === 'minute' && days <= 1) return 'minute';
  if (days <= 31) return 'hour';
  return 'day';
}

/**
 * The summary chart series over the report range (method note §5.1 step 3).
 * Observed visits come from the same series the campaign summary totals (campaign.ts): the
 * national series when a reported airing is national, else each DMA with reported airings, so
 * Σ points.visits = summary.total_visits. Baseline per visit bucket = S(t)·r, the engine's rule
 * (baseline.ts): the seasonal median of the same weekday and clock minute over the previous weeks
 * with airing windows masked, times the level factor of the spot-free buckets just before (taken
 * at the start of each run of window buckets and refreshed hourly; the pre-window rate with too
 * little history). Inside windows this is the engine's expected visits up to the national
 * series' cleaning; outside them it is the plain seasonal baseline. `airings` counts the reported
 * airings starting in each bucket.
 * @param options fromUtc/toUtc bound the range (default: the visit data), windowMinutes and
 *   baselineWeeks as for attribute().
 * @throws RangeError for invalid options (see resolveOptions).
 */
export function buildReportSeries(
  airings: Airing[],
  visits: VisitData,
  options: AttributionOptions = {},
): ReportSeries {
  const opts = resolveOptions(visits, options);
  const { fromUtc, toUtc, step } = opts;
  const bucket = seriesBucket(fromUtc, toUtc, visits.resolution);
  const size = BUCKET_SECONDS[bucket];
  const count = Math.max(0, Math.ceil((toUtc - fromUtc) / size));
  const observed = new Float64Array(count);
  const baseline = new Float64Array(count);
  const starts = new Int32Array(count);
  const grid = placeAirings(airings, visits, opts);
  let anyNational = false;
  const markets = new Set<string>();
  for (let i = 0; i < airings.length; i++) {
    if (grid.inRange[i] !== 1) continue;
    const a = airings[i] as Airing;
    if (a.market === NATIONAL) anyNational = true;
    else markets.add(a.market);
    const p = Math.floor((a.startUtc - fromUtc) / size);
    if (p >= 0 && p < count) starts[p] = (starts[p] as number) + 1;
  }
  const n = visits.length;
  const bFrom = Math.max(0, Math.ceil((fromUtc - visits.startUtc) / step));
  const bTo = Math.min(n, Math.ceil((toUtc - visits.startUtc) / step));
  const series: Array<{ x: Float64Array; lists: Int32Array[] }> = [];
  const nationalList = grid.byMarket.get(NATIONAL);
  if (anyNational) {
    // Every window lifts the national series (it sums all DMAs), so every airing masks it.
    series.push({ x: visits.national, lists: [...grid.byMarket.values()] });
  } else {
    for (const m of markets) {
      const x = visits.byMarket.get(m);
      const own = grid.byMarket.get(m);
      if (x && own) series.push({ x, lists: nationalList ? [own, nationalList] : [own] });
    }
  }
  if (n > 0 && bTo > bFrom && series.length > 0) {
    const scratch = new BaselineScratch(n);
    const excl = new Uint8Array(n);
    const refresh = step === 60 ? 60 : 6;
    for (const s of series) {
      excl.fill(0);
      for (const list of s.lists) markWindows(excl, list, grid);
      const base = new SeasonalBaseline(s.x, excl, opts, scratch);
      let lv: ClusterLevel = base.level(bFrom);
      let lvStart = bFrom;
      for (let t = bFrom; t < bTo; t++) {
        const runStart = excl[t] === 1 && (t === 0 || excl[t - 1] === 0);
        if (runStart || t - lvStart >= refresh) {
          lv = base.level(t);
          lvStart = t;
        }
        const p = Math.floor((visits.startUtc + t * step - fromUtc) / size);
        observed[p] = (observed[p] as number) + (s.x[t] as number);
        baseline[p] = (baseline[p] as number) + base.baselineAt(t, lv);
      }
    }
  }
  const points = new Array<ReportSeries['points'][number]>(count);
  for (let p = 0; p < count; p++) {
    points[p] = {
      t: isoUtc(fromUtc + p * size),
      visits: observed[p] as number,
      baseline: baseline[p] as number,
      airings: starts[p] as number,
    };
  }
  return { bucket, points };
}
