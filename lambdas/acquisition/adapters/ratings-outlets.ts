import type { RatingsKind } from '#shared/contracts/ratings.schema';
import { marketName } from '../../ratings/core/labels';
import type { PeriodResult, PublishedPeriod, RatedSlot } from '../../ratings/core/model';
import type { OutletFacts, OutletFilter, OutletSource } from '../core/ports';

/** The ratings context's published results as read here (its RatingsResults port fits). */
export interface PublishedRatings {
  /** Published periods of a kind, newest first. */
  periods(kind: RatingsKind): Promise<PublishedPeriod[]>;
  /** A published period's result (null when its generation is gone). */
  read(kind: RatingsKind, period: PublishedPeriod): Promise<PeriodResult | null>;
}

/** The ratings' market code of national airings (no DMA). */
const NATIONAL = 'national';

/** Broadcast type filter: TV covers broadcast, cable and streaming; radio covers podcasts. */
function ofBroadcastType(type: RatedSlot['type'], filter: OutletFilter['broadcast_type']) {
  if (filter === 'all') return true;
  const radio = type === 'radio' || type === 'podcast';
  return filter === 'radio' ? radio : !radio;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The outlets of one published period: its station ratings over every advertiser (no industry
 * cohort) at daypart `all`, filtered by market, broadcast type and format. With dayparts chosen,
 * an outlet's rating and interval are the mean of its published ratings in those dayparts (when
 * it has any; else the all-day one stays). Rate and VPA: the slot's medians (rate30_cents, vpa).
 * Pure.
 */
export function outletsOfPeriod(result: PeriodResult, filter: OutletFilter): OutletFacts[] {
  const stations = result.rows.filter((r) => r.subject === 'station' && r.industry === null);
  const byDaypart = new Map<string, RatedSlot[]>();
  if (filter.dayparts.length > 0)
    for (const r of stations)
      if (r.daypart !== 'all' && filter.dayparts.includes(r.daypart)) {
        const key = r.station_key ?? '';
        byDaypart.set(key, [...(byDaypart.get(key) ?? []), r]);
      }
  return stations
    .filter(
      (r) =>
        r.daypart === 'all' &&
        (filter.regions.length === 0 || filter.regions.includes(r.market)) &&
        ofBroadcastType(r.type, filter.broadcast_type) &&
        (filter.format === 'all' || filter.format === r.format),
    )
    .map((r) => {
      const parts = byDaypart.get(r.station_key ?? '') ?? [];
      const rated = parts.length > 0 ? parts : [r];
      return {
        id: r.station_id ?? r.station_key ?? r.label,
        label: r.label,
        type: r.type,
        market: r.market === NATIONAL ? null : r.market,
        market_name: marketName(r.market),
        format: r.format,
        rating: Math.round(mean(rated.map((x) => x.rating)) * 10) / 10,
        rating_low: Math.round(mean(rated.map((x) => x.low)) * 10) / 10,
        rating_high: Math.round(mean(rated.map((x) => x.high)) * 10) / 10,
        spot_rate_cents: r.rate30_cents,
        vpa: r.vpa,
        advertisers: r.advertisers,
        airings: r.airings,
      };
    });
}

/**
 * OutletSource over the ratings' published results: the newest published period of a kind,
 * its result kept in the container by generation (a recompute writes a new one, so a cached
 * result is never stale past the PERIODS read).
 */
export class RatingsOutlets implements OutletSource {
  private readonly cache = new Map<string, PeriodResult>();

  constructor(private readonly published: PublishedRatings) {}

  async realAvailable(): Promise<boolean> {
    return (await this.published.periods('real')).some((p) => p.rated > 0);
  }

  async outlets(kind: RatingsKind, filter: OutletFilter): Promise<OutletFacts[]> {
    const newest = (await this.published.periods(kind)).find((p) => p.rated > 0);
    if (!newest) return [];
    const key = `${kind}#${newest.generation}`;
    let result = this.cache.get(key);
    if (!result) {
      result = (await this.published.read(kind, newest)) ?? undefined;
      if (!result) return [];
      this.cache.clear();
      this.cache.set(key, result);
    }
    return outletsOfPeriod(result, filter);
  }
}
