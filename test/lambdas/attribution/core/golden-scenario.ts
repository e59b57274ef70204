import { createHash } from 'node:crypto';
import type {
  Airing,
  AttributionOptions,
  AttributionResult,
  VisitData,
} from '../../../../lambdas/attribution/core/types';
import { NATIONAL } from '../../../../lambdas/attribution/core/types';
import { toHourly } from '../../../../lambdas/attribution/core/visit-data';
import { airing, MIN, T0, WEEK_MIN } from './fixtures';

/**
 * A deterministic engine workload for the golden test (engine-golden.test.ts): ten weeks of
 * minute visits in three DMAs plus visits of unknown geography, about 2,000 airings, and three
 * option sets. Only integer arithmetic and + − × ÷ build it (no Math.exp/log), so every platform
 * produces the same bits. It reaches the engine's rare paths on purpose:
 * - '501': busy DMA (about 8 visits/min) with spikes after airings, same-minute duplicates and
 *   impressions on every airing of its first weeks (the impressions split);
 * - '602': quiet DMA (about 0.4 visits/min), so the seasonal sample widens;
 * - '803': airings every 4-6 minutes from 18:00 to 22:00 UTC every day, so some sample minutes
 *   have every history week inside a window (the general median, the unmasked fallback), long
 *   chains refresh their level, and some levels find no spot-free minute to look back on;
 * - national airings sharing DMA minutes; airings in the first weeks (short history, the
 *   pre-window rate); an airing whose window lies before the data but whose post-window does
 *   not, and one at the very end.
 */
export interface GoldenCase {
  name: string;
  airings: Airing[];
  visits: VisitData;
  options: AttributionOptions;
}

const WEEKS = 10;
const LEN = WEEKS * WEEK_MIN;

/** mulberry32: uniform integers from a 32-bit state (integer arithmetic only). */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Relative traffic by UTC hour (×10): low at night, peaks in the evening. */
const HOURLY = [
  6, 4, 3, 2, 2, 3, 5, 8, 10, 11, 12, 12, 12, 12, 13, 13, 14, 15, 17, 18, 17, 14, 11, 8,
];

/** Counts per minute: the sum of `trials` draws that hit with probability level·HOURLY/2,560. */
function series(seed: number, level: number, trials: number): Float64Array {
  const next = rng(seed);
  const x = new Float64Array(LEN);
  for (let t = 0; t < LEN; t++) {
    const p = level * (HOURLY[Math.floor((t % 1440) / 60)] as number);
    let c = 0;
    for (let k = 0; k < trials; k++) if (next() % 2560 < p) c++;
    x[t] = c;
  }
  return x;
}

/** Adds a response of `size` visits to x from minute t on, fading over six minutes. */
function spike(x: Float64Array, t: number, size: number): void {
  const shape = [4, 3, 2, 1, 1, 1];
  for (let k = 0; k < shape.length && t + k < x.length; k++) {
    if (t + k >= 0) x[t + k] = (x[t + k] as number) + size * (shape[k] as number);
  }
}

/** The three DMA series, the national series and the airings (see {@link GoldenCase}). */
function workload(): { airings: Airing[]; visits: VisitData } {
  const next = rng(20_260_123);
  const x501 = series(1, 40, 50);
  const x602 = series(2, 5, 20);
  const x803 = series(3, 20, 30);
  const unknown = series(4, 8, 10);
  const list: Airing[] = [];
  const add = (market: string, minute: number, extra: Partial<Airing> = {}) => {
    const a = airing({
      id: `g${list.length + 1}`,
      startUtc: T0 + minute * MIN + (next() % 60),
      market,
      station: `S${next() % 7}`,
      ...extra,
    });
    list.push(a);
    return a;
  };
  for (let t = 600; t < LEN - 600; t += 60 + (next() % 240)) {
    // Impressions on every airing of the first three weeks; none afterwards.
    const impressions = t < 3 * WEEK_MIN ? 1000 + (next() % 9000) : null;
    add('501', t, { impressions });
    spike(x501, t, 2 + (next() % 5));
    if (next() % 10 === 0) add('501', t, { impressions }); // same minute, another station
  }
  for (let t = 900; t < LEN - 600; t += 300 + (next() % 900)) {
    add('602', t);
    if (next() % 2 === 0) spike(x602, t, 1);
  }
  for (let day = 0; day < WEEKS * 7; day++) {
    for (let t = day * 1440 + 18 * 60; t < day * 1440 + 22 * 60; t += 4 + (next() % 3)) {
      add('803', t);
      spike(x803, t, 1 + (next() % 2));
    }
  }
  for (let t = 2000; t < LEN - 600; t += 400 + (next() % 1200)) {
    add(NATIONAL, t, { stationType: 'cable' });
    spike(x501, t, 1);
    spike(x803, t + 1, 1);
  }
  add('501', -20); // window before the data, post-window inside it
  add('501', LEN - 3); // window past the end
  const national = new Float64Array(LEN);
  for (let t = 0; t < LEN; t++) {
    national[t] =
      (x501[t] as number) + (x602[t] as number) + (x803[t] as number) + (unknown[t] as number);
  }
  const byMarket = new Map([
    ['501', x501],
    ['602', x602],
    ['803', x803],
  ]);
  return {
    airings: list,
    visits: { resolution: 'minute', startUtc: T0, length: LEN, byMarket, national },
  };
}

/**
 * The golden cases: minute defaults, minute with other options, and the hourly fallback, each
 * with the default response split and again with `split: 'equal'` (the rule before the response
 * split, pinned to the same digests as before it).
 */
export function goldenCases(): GoldenCase[] {
  const { airings, visits } = workload();
  const local = airings.filter((a) => a.market !== NATIONAL);
  const hourly = toHourly(visits);
  const base: GoldenCase[] = [
    { name: 'minute', airings, visits, options: { fromUtc: T0 + 2 * WEEK_MIN * MIN } },
    {
      name: 'minute-local-k5-w10',
      airings: local,
      visits,
      options: { windowMinutes: 10, baselineWeeks: 5, levelMinutes: 20 },
    },
    { name: 'hourly', airings, visits: hourly, options: {} },
  ];
  const equal = base.map((c) => ({
    ...c,
    name: `${c.name}-equal`,
    options: { ...c.options, split: 'equal' as const },
  }));
  return [...base, ...equal];
}

/**
 * SHA-256 over every result number in order: per airing observed, expected, attributed,
 * dispersion, meanShare, postObserved, postExpected (as float64 bytes), the significant and
 * directional flags, then the campaign sums. p-values and intervals are left out: they come from
 * O, E and φ through Math.exp/log in significance.ts, which the golden test does not pin.
 */
export function resultDigest(r: AttributionResult): string {
  const nums: number[] = [];
  for (const a of r.airings) {
    nums.push(
      a.observed,
      a.expected,
      a.attributed,
      a.dispersion ?? Number.NaN,
      a.meanShare ?? Number.NaN,
      a.postObserved ?? Number.NaN,
      a.postExpected ?? Number.NaN,
      a.significant ? 1 : 0,
      a.directional ? 1 : 0,
    );
  }
  const c = r.campaign;
  nums.push(
    c.airings,
    c.totalVisits,
    c.attributedVisits,
    c.observedVisits,
    c.expectedVisits,
    c.liftShare,
    c.relativeLift,
    c.onAirPerMinute,
    c.offAirPerMinute,
    c.onAirPerDay ?? Number.NaN,
    c.offAirPerDay ?? Number.NaN,
    c.significantAirings,
    c.dispersion,
  );
  // One NaN bit pattern, whatever the platform's NaN payloads.
  const bytes = Float64Array.from(nums, (v) => (Number.isNaN(v) ? -Number.MAX_VALUE : v));
  return createHash('sha256').update(new Uint8Array(bytes.buffer)).digest('hex');
}
