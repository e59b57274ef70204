import type { Caller } from '#shared/auth/caller';
import type { AvailableProducts } from '#shared/billing/available-products';
import type { RatingRow, RatingsFilter, RatingsKind } from '#shared/contracts/ratings.schema';
import { daypartName, formatName, marketName } from './labels';
import type { PeriodResult, PublishedPeriod, RatedSlot, WithheldSlot } from './model';
import type { RatingsResults } from './ports';

/**
 * The read side shared by the ratings routes: which kind answers, which period, the caller's
 * flags, filters over a period's rows, and a stored row as the contract's RatingRow.
 */

/** What the read routes need. */
export interface ReadDeps {
  results: RatingsResults;
  /** The caller's available_products flags (billing); visitors have none. */
  flags(caller: Caller | null): Promise<Partial<AvailableProducts> | null>;
}

/** A kind with its published periods, newest first. */
export interface KindPeriods {
  kind: RatingsKind;
  periods: PublishedPeriod[];
}

/** `real` when a real period with at least one rating is published, else `sample`. */
export async function answeringKind(results: RatingsResults): Promise<KindPeriods> {
  const real = await results.periods('real');
  if (real.some((p) => p.rated > 0)) return { kind: 'real', periods: real };
  return { kind: 'sample', periods: await results.periods('sample') };
}

/**
 * The period asked for (default: the newest) with its result.
 * @returns nulls when nothing is published or the period asked for is not.
 */
export async function periodResult(
  results: RatingsResults,
  kp: KindPeriods,
  period: string | undefined,
): Promise<{ entry: PublishedPeriod | null; result: PeriodResult | null }> {
  const entry = period
    ? (kp.periods.find((p) => p.period === period) ?? null)
    : (kp.periods[0] ?? null);
  return { entry, result: entry ? await results.read(kp.kind, entry) : null };
}

const TV_SET = new Set(['tv', 'cable', 'streaming']);

/** Does a slot's station type pass the broadcast type filter (tv: TV, cable and streaming)? */
export function typeMatches(type: string, broadcast: RatingsFilter['broadcast_type']): boolean {
  if (!broadcast || broadcast === 'all') return true;
  return broadcast === 'tv' ? TV_SET.has(type) : !TV_SET.has(type);
}

/** Does a stored row or withheld slot pass the filters (industry: the cohort's root id)? */
export function slotMatches(
  s: RatedSlot | WithheldSlot,
  f: RatingsFilter & { subject: 'station' | 'format'; industryRoot: string | null },
): boolean {
  return (
    s.subject === f.subject &&
    (f.market === undefined || s.market === f.market) &&
    (f.format === undefined || f.format === 'all' || s.format === f.format) &&
    s.daypart === (f.daypart ?? 'all') &&
    typeMatches(s.type, f.broadcast_type) &&
    s.industry === f.industryRoot
  );
}

/** A stored row as the contract's RatingRow. */
export function ratingRowOf(r: RatedSlot, period: string): RatingRow {
  return {
    subject: {
      kind: r.subject,
      station_id: r.station_key,
      call_sign: r.call_sign,
      label: r.label,
      station_type: r.type,
      market: r.market,
      market_name: marketName(r.market),
      format: r.format,
      format_name: formatName(r.format),
      daypart: r.daypart,
      daypart_name: daypartName(r.daypart),
    },
    period,
    rating: r.rating,
    low: r.low,
    high: r.high,
    level: r.level,
    advertisers: r.advertisers,
    airings: r.airings,
    rank: r.rank,
    previous_rating: r.previous_rating,
  };
}
