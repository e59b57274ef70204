import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { StationFormat } from '#shared/contracts/stations.schema';
import type { StationType } from '../../attribution/core/types';
import type { RatingsResults } from './ports';
import { answeringKind } from './read-model';

/**
 * What the acquisition calculator reads of the ratings (lambdas/acquisition): per rated station
 * (every advertiser, all day and per daypart) its rating with interval, the median cost of a
 * 30-second airing and the median visits per airing. Medians over voices, published only where
 * the rating is (k-anonymous: RATING_MIN_ADVERTISERS and RATING_MIN_AIRINGS); the spot rate only
 * where as many voices had costs.
 */
export interface OutletStat {
  /** Station id, or the call sign when the station list does not know it. */
  station_id: string;
  call_sign: string;
  label: string;
  type: StationType;
  market: string;
  format: StationFormat;
  /** 'all' or a daypart key. */
  daypart: string;
  rating: number;
  low: number;
  high: number;
  advertisers: number;
  airings: number;
  /** Median cost of a 30-second airing, integer cents; null when too few voices had costs. */
  rate30_cents: number | null;
  /** Median visits per airing (signed, attributed). */
  vpa: number;
}

/**
 * The outlets' stats of a published period.
 * @param kind default: the answering kind (real when a real period is rated, else sample).
 * @param period default: the kind's newest published period.
 * @returns the kind and period used (period null when none is published) and the outlets.
 */
export async function outletStats(
  results: RatingsResults,
  kind?: RatingsKind,
  period?: string,
): Promise<{ kind: RatingsKind; period: string | null; outlets: OutletStat[] }> {
  const kp = kind ? { kind, periods: await results.periods(kind) } : await answeringKind(results);
  const entry = period ? kp.periods.find((p) => p.period === period) : kp.periods[0];
  const result = entry ? await results.read(kp.kind, entry) : null;
  const outlets = (result?.rows ?? [])
    .filter((r) => r.subject === 'station' && r.industry === null && r.station_key !== null)
    .map((r) => ({
      station_id: r.station_key as string,
      call_sign: r.call_sign ?? (r.station_key as string),
      label: r.label,
      type: r.type,
      market: r.market,
      format: r.format,
      daypart: r.daypart,
      rating: r.rating,
      low: r.low,
      high: r.high,
      advertisers: r.advertisers,
      airings: r.airings,
      rate30_cents: r.rate30_cents,
      vpa: r.vpa,
    }));
  return { kind: kp.kind, period: entry?.period ?? null, outlets };
}
