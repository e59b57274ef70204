import type { RatingsKind } from '#shared/contracts/ratings.schema';
import { marketName } from '../../ratings/core/labels';
import { type OutletStat, outletStats } from '../../ratings/core/outlet-stats';
import type { RatingsResults } from '../../ratings/core/ports';
import type { OutletFacts, OutletFilter, OutletSource } from '../core/ports';

/** The ratings' market code of national airings (no DMA). */
const NATIONAL = 'national';

/** Broadcast type filter: TV covers broadcast, cable and streaming; radio covers podcasts. */
function ofBroadcastType(type: OutletStat['type'], filter: OutletFilter['broadcast_type']) {
  if (filter === 'all') return true;
  const radio = type === 'radio' || type === 'podcast';
  return filter === 'radio' ? radio : !radio;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The outlets of a period's station stats (the ratings context's outletStats): the all-day rows
 * filtered by market, broadcast type and format. With dayparts chosen, an outlet's rating and
 * interval are the mean of its published ratings in those dayparts (when it has any; else the
 * all-day one stays). Rate and VPA: the all-day medians. Pure.
 */
export function outletsOfStats(stats: readonly OutletStat[], filter: OutletFilter): OutletFacts[] {
  const byDaypart = new Map<string, OutletStat[]>();
  for (const s of stats)
    if (s.daypart !== 'all' && filter.dayparts.includes(s.daypart))
      byDaypart.set(s.station_id, [...(byDaypart.get(s.station_id) ?? []), s]);
  return stats
    .filter(
      (s) =>
        s.daypart === 'all' &&
        (filter.regions.length === 0 || filter.regions.includes(s.market)) &&
        ofBroadcastType(s.type, filter.broadcast_type) &&
        (filter.format === 'all' || filter.format === s.format),
    )
    .map((s) => {
      const parts = byDaypart.get(s.station_id) ?? [];
      const rated = parts.length > 0 ? parts : [s];
      return {
        id: s.station_id,
        label: s.label,
        type: s.type,
        market: s.market === NATIONAL ? null : s.market,
        market_name: marketName(s.market),
        format: s.format,
        rating: round1(mean(rated.map((x) => x.rating))),
        rating_low: round1(mean(rated.map((x) => x.low))),
        rating_high: round1(mean(rated.map((x) => x.high))),
        spot_rate_cents: s.rate30_cents,
        vpa: s.vpa,
        advertisers: s.advertisers,
        airings: s.airings,
      };
    });
}

/**
 * OutletSource over the ratings' published results (the ratings context's outletStats over its
 * RatingsResults, which keeps a period's result in the container by generation): the newest
 * published period of the kind.
 */
export class RatingsOutlets implements OutletSource {
  constructor(private readonly results: RatingsResults) {}

  async realAvailable(): Promise<boolean> {
    return (await this.results.periods('real')).some((p) => p.rated > 0);
  }

  async outlets(kind: RatingsKind, filter: OutletFilter): Promise<OutletFacts[]> {
    return outletsOfStats((await outletStats(this.results, kind)).outlets, filter);
  }
}
