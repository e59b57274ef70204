// The daypart response multipliers of the hourly regression (hourly-response.ts,
// docs/attribution-method.md §8): which daypart each hour bucket of a market is in, and the
// multipliers' step given the stations' β.
import { DAYPARTS, daypartAt } from './dayparts';
import { hourOffsets } from './hour-offsets';
import type { OverlapLog } from './overlap-log';

/** Hours of the day (a block's levels and sums are kept per local hour of the day). */
export const HOURS = 24;

/** Daypart groups: an index into DAYPARTS (the TV and the radio sets together). */
export const DAYPART_GROUPS = DAYPARTS.length;

/**
 * Ridge of the multipliers' step toward 1, relative to the mean of its curvature over the
 * dayparts that have one: a daypart seen in a few buckets stays near the others instead of
 * taking their noise. 0.1 on the accuracy bench's hourly rows (see the method note).
 */
export const DAYPART_RIDGE = 0.1;

/**
 * Per set (0 = TV, 1 = radio) × local hour of the day: the daypart group of an hour bucket in a
 * market of zone `tz` (the daypart of the hour's middle minute, on the set's grid: Central and
 * Mountain TV an hour earlier). 48 entries, [set·24 + hour].
 */
export function hourGroups(tz: string | undefined): Int8Array {
  const out = new Int8Array(2 * HOURS);
  for (let s = 0; s < 2; s++) {
    for (let h = 0; h < HOURS; h++) {
      const d = daypartAt(h * 60 + 30, s === 0 ? 'tv' : 'radio', tz);
      out[s * HOURS + h] = DAYPARTS.indexOf(d);
    }
  }
  return out;
}

/**
 * The local clock of an hourly series in one zone: the local hour of the day (0..23) of every
 * bucket 0..n − 1 from `startUtc` (epoch seconds UTC); the UTC hour without a zone. The zone's
 * offset is asked once a day (hourOffsets), not once a bucket.
 */
export function localHours(startUtc: number, n: number, tz: string | undefined): Uint8Array {
  const out = new Uint8Array(n);
  const first = Math.floor(startUtc / 3600);
  const offsets = tz ? hourOffsets(tz, startUtc, n) : null;
  for (let t = 0; t < n; t++) {
    const h = first + t + (offsets === null ? 0 : (offsets[t] as number));
    out[t] = ((h % HOURS) + HOURS) % HOURS;
  }
  return out;
}

/** One zone's view of an hourly series: its local hour per bucket, and its hour → daypart table. */
export interface ZoneClock {
  /** Per bucket 0..n − 1: the local hour of the day ({@link localHours}). */
  clock: Uint8Array;
  /** {@link hourGroups} of the zone. */
  groups: Int8Array;
}

/**
 * The {@link ZoneClocks} of the last series asked for ({@link zoneClocks}): a report's runs (and a
 * bench's) attribute the same series again, and its clocks do not change.
 */
let lastClocks: ZoneClocks | null = null;

/** The {@link ZoneClocks} of the series of `n` hour buckets from `startUtc`. */
export function zoneClocks(startUtc: number, n: number): ZoneClocks {
  if (lastClocks === null || !lastClocks.isFor(startUtc, n))
    lastClocks = new ZoneClocks(startUtc, n);
  return lastClocks;
}

/**
 * The {@link ZoneClock}s of one hourly series (`n` buckets from `startUtc`), made once per zone:
 * markets and stations mostly share a handful of zones.
 */
export class ZoneClocks {
  private readonly byZone = new Map<string | undefined, ZoneClock>();
  constructor(
    private readonly startUtc: number,
    private readonly n: number,
  ) {}

  isFor(startUtc: number, n: number): boolean {
    return startUtc === this.startUtc && n === this.n;
  }

  of(tz: string | undefined): ZoneClock {
    let z = this.byZone.get(tz);
    if (!z) {
      z = { clock: localHours(this.startUtc, this.n, tz), groups: hourGroups(tz) };
      this.byZone.set(tz, z);
    }
    return z;
  }
}

/** The local hour of the day of every entry of `log` on `clock` (ZoneClock.clock). */
export function entryHours(log: OverlapLog, clock: Uint8Array): Uint8Array {
  const out = new Uint8Array(log.length);
  const { t } = log;
  for (let e = 0; e < log.length; e++) out[e] = clock[t[e] as number] as number;
  return out;
}

/**
 * The normal equations of the multipliers' step: with β and the hour levels α fixed, the excess
 * is linear in the multipliers, e − α = Σ_g d_g·z_g (z_g the bucket's Σ f·β over its stations in
 * daypart g). `gram` is A_gg' = Σ w·z_g·z_g' (DAYPART_GROUPS², row-major), `rhs` c_g = Σ w·z_g·(e − α).
 */
export interface DaypartSums {
  gram: Float64Array;
  rhs: Float64Array;
}

/** Zeroed {@link DaypartSums}. */
export function daypartSums(): DaypartSums {
  return {
    gram: new Float64Array(DAYPART_GROUPS * DAYPART_GROUPS),
    rhs: new Float64Array(DAYPART_GROUPS),
  };
}

/**
 * Solves the multipliers' step into `d` (≥ 0, one per daypart group): minimises
 * Σ w·(e − α − Σ_g d_g·z_g)² + μ·Σ_g (d_g − 1)², μ = {@link DAYPART_RIDGE} × the mean of the
 * diagonal over the groups that have one, by Gauss-Seidel from the current `d`; then scales them
 * to a mean of 1 weighted by each group's curvature A_gg (the scale of β is arbitrary: the split
 * reads ρ·d relative to each other). A group without observations keeps 1.
 */
export function solveDayparts(s: DaypartSums, d: Float64Array): void {
  const G = DAYPART_GROUPS;
  const { gram, rhs } = s;
  let trace = 0;
  let seen = 0;
  for (let g = 0; g < G; g++) {
    const a = gram[g * G + g] as number;
    if (a > 0) {
      trace += a;
      seen++;
    }
  }
  if (seen === 0) return;
  const mu = (DAYPART_RIDGE * trace) / seen;
  for (let sweep = 0; sweep < 100; sweep++) {
    let moved = 0;
    for (let g = 0; g < G; g++) {
      const a = gram[g * G + g] as number;
      if (!(a > 0)) continue;
      let v = (rhs[g] as number) + mu;
      for (let h = 0; h < G; h++) if (h !== g) v -= (gram[g * G + h] as number) * (d[h] as number);
      const next = Math.max(0, v / (a + mu));
      moved = Math.max(moved, Math.abs(next - (d[g] as number)));
      d[g] = next;
    }
    if (moved < 1e-9) break;
  }
  let num = 0;
  let den = 0;
  for (let g = 0; g < G; g++) {
    const a = gram[g * G + g] as number;
    if (!(a > 0)) continue;
    num += a * (d[g] as number);
    den += a;
  }
  if (num > 0) {
    const scale = den / num;
    for (let g = 0; g < G; g++)
      if ((gram[g * G + g] as number) > 0) d[g] = (d[g] as number) * scale;
  }
}
