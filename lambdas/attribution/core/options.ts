import { type Airing, type AttributionOptions, NATIONAL, type VisitData } from './types';

/** Options with every default filled in (see AttributionOptions for units and sources). */
export interface ResolvedOptions {
  windowMinutes: number;
  baselineWeeks: number;
  minBaselineWeeks: number;
  levelMinutes: number;
  fromUtc: number;
  toUtc: number;
  alpha: number;
  /** Seconds per bucket: 60 (minute) or 3600 (hour). */
  step: number;
  /** Buckets per week (10,080 or 168). */
  weekBuckets: number;
  /** Spot-free buckets used for the level factor: levelMinutes (minute mode) or max(2, ⌈levelMinutes/60⌉) hours. */
  levelBuckets: number;
  /** How far back the level search may look, buckets: 12 × levelBuckets (minute) or 24 (hour). */
  lookbackBuckets: number;
  /** Half-width of the seasonal sample, buckets: 2 (minute: a 5-minute centred mean) or 0 (hour). */
  sampleHalfWidth: number;
  /** Start of the visit series (bucket 0), epoch seconds UTC. */
  seriesStartUtc: number;
  /**
   * IANA time zone per market key (DMA code, or NATIONAL for the national series): the zone of the
   * market's first airing. Hour mode samples its history weeks on local clock hours with it
   * (baseline.ts); empty when resolveOptions got no airings (UTC weeks).
   */
  tzByMarket: Map<string, string>;
}

/**
 * Fills the defaults of spec §9 and the method note §5.1 (window 8, K = 8, min 2 weeks, level 15 min,
 * alpha 0.05, range = the whole visit series), and each market's time zone from `airings`.
 * @throws RangeError when windowMinutes is not in 1..60 or alpha not in (0, 0.5).
 */
export function resolveOptions(
  visits: VisitData,
  o: AttributionOptions = {},
  airings: readonly Airing[] = [],
): ResolvedOptions {
  const step = visits.resolution === 'minute' ? 60 : 3600;
  const windowMinutes = o.windowMinutes ?? 8;
  if (!(windowMinutes >= 1 && windowMinutes <= 60)) {
    throw new RangeError(`windowMinutes must be 1..60, got ${windowMinutes}`);
  }
  const alpha = o.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
  const levelMinutes = o.levelMinutes ?? 15;
  const levelBuckets =
    step === 60 ? Math.max(1, levelMinutes) : Math.max(2, Math.ceil(levelMinutes / 60));
  return {
    windowMinutes,
    baselineWeeks: o.baselineWeeks ?? 8,
    minBaselineWeeks: o.minBaselineWeeks ?? 2,
    levelMinutes,
    fromUtc: o.fromUtc ?? visits.startUtc,
    toUtc: o.toUtc ?? visits.startUtc + visits.length * step,
    alpha,
    step,
    weekBuckets: (7 * 86400) / step,
    levelBuckets,
    lookbackBuckets: step === 60 ? levelBuckets * 12 : 24,
    sampleHalfWidth: step === 60 ? 2 : 0,
    seriesStartUtc: visits.startUtc,
    tzByMarket: marketTimeZones(airings),
  };
}

/** The time zone of each market's first airing, keyed by DMA code or NATIONAL. */
function marketTimeZones(airings: readonly Airing[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of airings) {
    const key = a.market === NATIONAL ? NATIONAL : a.market;
    if (!out.has(key) && a.tz) out.set(key, a.tz);
  }
  return out;
}
