import type { Simulation } from './simulate-visits';
import { isoMinute } from './visits-csv';

/** Header of the simulated foot-traffic CSV (the hourly foot-traffic import format). */
export const FOOT_TRAFFIC_CSV_HEADER = 'hour_utc,location_id,dma_code,visits\n';

/** Shares of a DMA's store visits by location (first store busiest); they sum to 1. */
const LOCATION_SHARES: Record<number, readonly number[]> = {
  1: [1],
  2: [0.6, 0.4],
  3: [0.5, 0.3, 0.2],
};

/**
 * A simulation read as store visits (foot traffic, for the demo): each DMA's minute
 * counts summed per UTC hour and split over `locationsPerDma` stores named `Store <dma>-<n>`, as
 * an `hour_utc,location_id,dma_code,visits` CSV in text chunks (one chunk per DMA). Visits of
 * unknown geography have no store and are left out. Integer visits: each store gets its share
 * rounded, the last store the remainder, so a DMA's hour total is kept exactly.
 * @param locationsPerDma 1-3 stores per DMA. @default 2
 */
export function* footTrafficCsvChunks(sim: Simulation, locationsPerDma = 2): Generator<string> {
  const shares = LOCATION_SHARES[locationsPerDma];
  if (!shares) throw new RangeError(`locationsPerDma must be 1-3, got ${locationsPerDma}`);
  yield FOOT_TRAFFIC_CSV_HEADER;
  for (const b of sim.batches()) {
    if (b.dmaCode === '') continue;
    const hours = new Map<number, number>();
    for (let i = 0; i < b.sessions.length; i++) {
      const hour = Math.floor((b.minuteUtc[i] as number) / 3600) * 3600;
      hours.set(hour, (hours.get(hour) ?? 0) + (b.sessions[i] as number));
    }
    let chunk = '';
    for (const [hour, visits] of [...hours].sort((x, y) => x[0] - y[0])) {
      let left = visits;
      shares.forEach((share, k) => {
        const v = k === shares.length - 1 ? left : Math.round(visits * share);
        left -= v;
        chunk += `${isoMinute(hour)},Store ${b.dmaCode}-${k + 1},${b.dmaCode},${v}\n`;
      });
    }
    if (chunk) yield chunk;
  }
}
