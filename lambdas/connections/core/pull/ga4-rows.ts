import type { VisitsColumns, VisitsResolution } from '../../../imports/core/types';
import { VisitsBuilder } from '../../../imports/core/visits-builder';
import type { LocalClock } from './ga4-time';
import type { Ga4Row } from './ports';
import { VisitsSum } from './visits-sum';

/** Places geography in a DMA ('' = unknown), remembering each place it has seen. */
export function cachedDma(
  dmaFor: (city: string, region: string, country: string) => string,
): (city: string, region: string, country: string) => string {
  const seen = new Map<string, string>();
  return (city, region, country) => {
    const key = `${city}\u0000${region}\u0000${country}`;
    let dma = seen.get(key);
    if (dma === undefined) {
      dma = dmaFor(city, region, country);
      seen.set(key, dma);
    }
    return dma;
  };
}

/**
 * One property report day's GA4 rows as visits per UTC day: local times to UTC buckets
 * (LocalClock, the repeated fall-back hour split over its two passes), geography to DMA (''
 * unknown, which only the national series counts), rows of the same bucket and DMA summed
 * (cities of one DMA).
 * @param utcDays the UTC days the report day overlaps: each gets an entry, empty when no row
 *   fell in it, so staging replaces a day that now has no visits.
 * @throws Error naming the value when a row's time is not a GA4 time of `resolution`.
 */
export function stageRows(
  rows: readonly Ga4Row[],
  resolution: VisitsResolution,
  clock: LocalClock,
  dmaFor: (city: string, region: string, country: string) => string,
  utcDays: readonly string[],
): Map<string, VisitsColumns> {
  const sum = new VisitsSum(resolution);
  const width = resolution === 'minute' ? 12 : 10;
  for (const row of rows) {
    if (row.time.length !== width) {
      throw new Error(`GA4 returned time ${JSON.stringify(row.time)} for a ${resolution} report`);
    }
    const starts = clock.hourStarts(row.time.slice(0, 10));
    const minuteS = resolution === 'minute' ? Number(row.time.slice(10, 12)) * 60 : 0;
    const share = 1 / starts.length;
    const dma = dmaFor(row.city, row.region, row.country);
    for (const start of starts) {
      sum.add(
        start + minuteS,
        dma,
        row.sessions * share,
        row.newUsers * share,
        row.pageviews * share,
        row.engagedSessions * share,
        row.engagementS * share,
      );
    }
  }
  // Every overlapped day gets an entry, first and in order, so staging replaces a day left empty.
  const byDay = sum.buildByUtcDay();
  const out = new Map<string, VisitsColumns>();
  for (const day of utcDays) out.set(day, byDay.get(day) ?? new VisitsBuilder(resolution).build());
  for (const [day, visits] of byDay) if (!out.has(day)) out.set(day, visits);
  return out;
}
