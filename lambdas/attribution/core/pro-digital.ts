import type {
  ProDigital,
  ProDigitalDimension,
  ProDigitalRow,
  ProDigitalValue,
} from '#shared/contracts/pro-digital.schema';
import { daypartRank } from './dayparts';
import { localFields } from './local-time';
import { rowKeyOf } from './report-keys';
import type { Airing, AiringResult, AttributionResult, Resolution } from './types';

/**
 * The Pro Digital section (spec §1 "Pro Digital"; §9 "website impact", "detailed digital
 * metrics", "dwell time"): new-user share, engaged-session rate and average engagement time of
 * the visitors inside airing windows against the baseline, per station, daypart and creative.
 *
 * Method: the engine (method note §5.1; §5.2 for hourly visits) is run once per visit series
 * below, over the same airings with the same options. Its airing windows, credit split w_a(t)
 * and expected-visits baseline b(t) = S(t)·r are therefore exactly those of the report's visits.
 * For a group of airings G and a metric m = numerator series N over denominator series D:
 *   in window = Σ_{a∈G} O_a(N) / Σ_{a∈G} O_a(D)   (O_a = Σ_t w_a(t)·x(t): what the windows held)
 *   baseline  = Σ_{a∈G} E_a(N) / Σ_{a∈G} E_a(D)   (E_a = Σ_t w_a(t)·b(t): what those minutes
 *                                                  usually hold, from the 8-week seasonal median)
 * So each rate is compared over the same minutes with the same credit shares: in the windows as
 * they happened against the same windows as the baseline expected them.
 *   new-user share          N = new users,          D = sessions
 *   engaged-session rate    N = engaged sessions,   D = sessions of rows that measure them
 *   average engagement time N = engagement seconds, D = sessions of rows that measure them
 * The engagement denominators count only sessions of visit rows where the metric is measured, so
 * a range that is partly measured (an older CSV without the columns, then a GA4 connection) is
 * not diluted by the unmeasured rows. A rate whose denominator is 0 is null; the two shares are
 * kept within 0..1 (the numerator and denominator baselines are separate medians).
 * Thin data: a row whose windows hold fewer than {@link PRO_DIGITAL_MIN_SESSIONS} sessions (of any
 * metric it shows) is `directional`.
 */

/**
 * The visit series the section needs, one engine run each: sessions, new users, engaged sessions
 * and the sessions of rows measuring them (engaged_base), engagement seconds and the sessions of
 * rows measuring them (engagement_base).
 */
export const DIGITAL_SERIES = [
  'sessions',
  'new_users',
  'engaged_sessions',
  'engaged_base',
  'engagement_s',
  'engagement_base',
] as const;
export type DigitalSeries = (typeof DIGITAL_SERIES)[number];

/**
 * Fewer sessions than this in a row's windows make its rates "directional": a share read from n
 * sessions has a standard error up to 0.5/√n, about 9 percentage points at 30.
 */
export const PRO_DIGITAL_MIN_SESSIONS = 30;

/** The engine runs behind the section (same airings, same options); null = metric not measured. */
export interface DigitalRuns {
  sessions: AttributionResult;
  new_users: AttributionResult;
  engaged_sessions: AttributionResult | null;
  engaged_base: AttributionResult | null;
  engagement_s: AttributionResult | null;
  engagement_base: AttributionResult | null;
}

/** What {@link buildProDigital} needs besides the runs. */
export interface ProDigitalArgs {
  /** The airings of the runs (at least those the runs returned; others are skipped). */
  airings: readonly Airing[];
  runs: DigitalRuns;
  resolution: Resolution;
  windowMinutes: number;
  /**
   * Whether the report range's visits measure each engagement metric (some visit row carries
   * it). false makes the metric unavailable whatever its run holds.
   */
  measured: { engaged: boolean; engagement: boolean };
}

/** Running sums of one row: [O, E] per series. */
type Sums = Float64Array;

const SERIES_INDEX = Object.fromEntries(DIGITAL_SERIES.map((s, i) => [s, i])) as Record<
  DigitalSeries,
  number
>;

/** Σ observed (in window) or Σ expected (baseline) of one series in a row's sums. */
const sumOf = (sums: Sums, series: DigitalSeries, side: 0 | 1) =>
  sums[SERIES_INDEX[series] * 2 + side] as number;

/** One accumulating row. */
interface Acc {
  key: string;
  label: string;
  order: number | null;
  airings: number;
  sums: Sums;
}

const newAcc = (key: string, label: string, order: number | null): Acc => ({
  key,
  label,
  order,
  airings: 0,
  sums: new Float64Array(DIGITAL_SERIES.length * 2),
});

/**
 * Builds the Pro Digital section from the engine runs (method in this module's docstring).
 * Rows: `overall` = every airing the runs returned; tables per station, daypart (the market's
 * local clock, report-keys.ts) and creative (airings without a creative have no creative row).
 * Stations and creatives are ordered by window sessions (descending, then label), dayparts by
 * clock.
 * @throws RangeError when a run's airings are not those of the sessions run (same ids, order).
 */
export function buildProDigital(args: ProDigitalArgs): ProDigital {
  const { runs } = args;
  const available = {
    new_user_share: true,
    engaged_rate:
      args.measured.engaged && runs.engaged_sessions !== null && runs.engaged_base !== null,
    engagement_time_s:
      args.measured.engagement && runs.engagement_s !== null && runs.engagement_base !== null,
  };
  const series = DIGITAL_SERIES.map((s) => runs[s]);
  const base = runs.sessions.airings;
  for (const run of series) {
    if (!run) continue;
    if (
      run.airings.length !== base.length ||
      run.airings.some((r, i) => r.airingId !== base[i]?.airingId)
    )
      throw new RangeError('buildProDigital: runs over different airings');
  }
  const byId = new Map(args.airings.map((a) => [a.id, a]));
  const overall = newAcc('all', 'All airings', null);
  const groups: Record<ProDigitalDimension, Map<string, Acc>> = {
    station: new Map(),
    daypart: new Map(),
    creative: new Map(),
  };
  for (let i = 0; i < base.length; i++) {
    const airing = byId.get((base[i] as AiringResult).airingId);
    if (!airing) continue;
    const rows = [overall];
    const fields = localFields(airing.startUtc, airing.tz);
    for (const dim of ['station', 'daypart', 'creative'] as const) {
      const key = rowKeyOf(airing, dim, fields);
      if (!key) continue;
      let acc = groups[dim].get(key.key);
      if (!acc) {
        acc = newAcc(key.key, key.label, dim === 'daypart' ? daypartRank(key.key) : null);
        groups[dim].set(key.key, acc);
      }
      rows.push(acc);
    }
    for (const acc of rows) {
      acc.airings++;
      series.forEach((run, s) => {
        const r = run?.airings[i];
        if (!r) return;
        acc.sums[s * 2] = (acc.sums[s * 2] as number) + r.observed;
        acc.sums[s * 2 + 1] = (acc.sums[s * 2 + 1] as number) + r.expected;
      });
    }
  }
  const finish = (acc: Acc) => proDigitalRow(acc.key, acc.label, acc.airings, acc.sums, available);
  const ranked = (m: Map<string, Acc>) =>
    [...m.values()]
      .map((acc) => ({ acc, row: finish(acc) }))
      .sort(
        (a, b) =>
          b.row.window_sessions - a.row.window_sessions || a.row.label.localeCompare(b.row.label),
      )
      .map(({ row }) => row);
  return {
    resolution: args.resolution,
    window_minutes: args.windowMinutes,
    available,
    overall: finish(overall),
    tables: {
      station: ranked(groups.station),
      daypart: [...groups.daypart.values()]
        .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
        .map(finish),
      creative: ranked(groups.creative),
    },
  };
}

/** numerator / denominator, or null when the denominator is not positive. */
function ratio(num: number, den: number, share: boolean): number | null {
  if (!(den > 0)) return null;
  const r = num / den;
  return share ? Math.min(1, Math.max(0, r)) : Math.max(0, r);
}

/** A metric N / D in the windows (Σ O) and in the baseline (Σ E); nulls when not available. */
function value(
  sums: Sums,
  num: DigitalSeries,
  den: DigitalSeries,
  available: boolean,
  share: boolean,
): ProDigitalValue {
  if (!available) return { in_window: null, baseline: null };
  return {
    in_window: ratio(sumOf(sums, num, 0), sumOf(sums, den, 0), share),
    baseline: ratio(sumOf(sums, num, 1), sumOf(sums, den, 1), share),
  };
}

/**
 * One row of the section from its sums ([O, E] per DIGITAL_SERIES). Directional when the
 * windows of any metric it shows hold fewer than PRO_DIGITAL_MIN_SESSIONS sessions.
 */
export function proDigitalRow(
  key: string,
  label: string,
  airings: number,
  sums: Sums,
  available: ProDigital['available'],
): ProDigitalRow {
  const windowSessions = sumOf(sums, 'sessions', 0);
  const denominators = [windowSessions];
  if (available.engaged_rate) denominators.push(sumOf(sums, 'engaged_base', 0));
  if (available.engagement_time_s) denominators.push(sumOf(sums, 'engagement_base', 0));
  return {
    key,
    label,
    airings,
    window_sessions: windowSessions,
    baseline_sessions: sumOf(sums, 'sessions', 1),
    new_user_share: value(sums, 'new_users', 'sessions', available.new_user_share, true),
    engaged_rate: value(sums, 'engaged_sessions', 'engaged_base', available.engaged_rate, true),
    engagement_time_s: value(
      sums,
      'engagement_s',
      'engagement_base',
      available.engagement_time_s,
      false,
    ),
    directional: Math.min(...denominators) < PRO_DIGITAL_MIN_SESSIONS,
  };
}
