import type { HourlyRegressionInput } from '../../../../lambdas/attribution/core/hourly-response';
import type { OverlapLog } from '../../../../lambdas/attribution/core/overlap-log';
import type { Airing, VisitData } from '../../../../lambdas/attribution/core/types';

/** Monday 2016-05-02 00:00 UTC: start of the test series. */
export const T0 = Date.UTC(2016, 4, 2) / 1000;
export const MIN = 60;
export const WEEK_MIN = 7 * 1440;

/** A TV airing with sensible defaults. */
export function airing(over: Partial<Airing> & { id: string; startUtc: number }): Airing {
  return {
    market: '501',
    tz: 'America/New_York',
    station: 'WAAA',
    stationType: 'tv',
    network: null,
    program: null,
    cableZone: null,
    creative: null,
    lengthS: 30,
    costCents: null,
    impressions: null,
    ...over,
  };
}

/** Minute VisitData over `minutes` buckets from T0 with the given DMA series; national = their sum. */
export function minuteVisits(minutes: number, markets: Record<string, Float64Array>): VisitData {
  const national = new Float64Array(minutes);
  const byMarket = new Map<string, Float64Array>();
  for (const [k, v] of Object.entries(markets)) {
    byMarket.set(k, v);
    for (let i = 0; i < minutes; i++) national[i] = (national[i] as number) + (v[i] as number);
  }
  return { resolution: 'minute', startUtc: T0, length: minutes, byMarket, national };
}

/** A constant series. */
export function constant(minutes: number, value: number): Float64Array {
  return new Float64Array(minutes).fill(value);
}

/**
 * The regression's input for one DMA whose `log` lists stations' ids as its airings (airing u is
 * in cell u, of station u), `slots` slots of factor 1, `stations` stations and no single-owner
 * buckets; `more` adds or overrides fields (the market's zone, the daypart inputs).
 */
export function oneDmaRegression(
  log: OverlapLog,
  slots: number,
  stations: number,
  more: Partial<HourlyRegressionInput> & { tz?: string } = {},
): HourlyRegressionInput {
  const none = new Float64Array(0);
  const ids = Int32Array.from({ length: stations }, (_, u) => u);
  const { tz, ...rest } = more;
  return {
    markets: [{ log, national: false, scale: 0, ...(tz ? { tz } : {}) }],
    slotFactor: [new Float64Array(slots).fill(1)],
    isNational: new Uint8Array(0),
    cellOf: ids,
    cellUnit: ids,
    units: stations,
    observed: none,
    expected: none,
    share: none,
    meanPositive: new Float64Array(1),
    first: new Int32Array(0),
    from: 0,
    ...rest,
  };
}
