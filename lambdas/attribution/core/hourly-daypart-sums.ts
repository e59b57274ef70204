// The sums of the hourly regression beside its blocks (hourly-response.ts): the single-owner
// buckets per station × daypart, and the normal equations of the daypart multipliers' step.
import type { MarketBlock } from './hourly-blocks';
import { DAYPART_GROUPS, type DaypartSums, HOURS, type ZoneClocks } from './hourly-dayparts';
import type { HourlyRegressionInput } from './hourly-response';
import { packedMap } from './packed-map';

/**
 * The single-owner buckets the regression reads, summed per station × daypart group (one group
 * without dayparts): Σ w·n and Σ w·(x − b) over the local airings' own buckets, w = 1/max(b̄, 1),
 * so a round weighs them by its multipliers without another walk of the airings. A network's
 * buckets of its own hold the national series' baseline error, not its response: left out.
 */
export interface SingleOwners {
  /** Per station × group ([u·groups + g]): Σ w·n and Σ w·(x − b). */
  weight: Float64Array;
  excess: Float64Array;
  groups: number;
  stations: number;
}

export function singleOwners(
  p: HourlyRegressionInput,
  unitOf: Int32Array,
  national: Uint8Array,
  from: number,
  clocks: ZoneClocks | null,
): SingleOwners {
  const { share, first, observed, expected } = p;
  const dp = p.dayparts;
  const G = dp ? DAYPART_GROUPS : 1;
  const weight = new Float64Array(p.units * G);
  const excess = new Float64Array(p.units * G);
  // Per station: the clock of its zone (a station airs on one clock), and the daypart group of
  // each local hour on its set's grid ([u·24 + h]); one group without dayparts.
  const unitClock = dp && clocks ? packedMap(dp.unitTz, (tz) => clocks.of(tz).clock) : null;
  const unitGroup = new Uint8Array(p.units * HOURS);
  if (dp && clocks) {
    for (let u = 0; u < p.units; u++) {
      const { groups } = clocks.of(dp.unitTz[u]);
      const set = dp.unitSet[u] as number;
      for (let h = 0; h < HOURS; h++) unitGroup[u * HOURS + h] = groups[set * HOURS + h] as number;
    }
  }
  for (let a = 0; a < unitOf.length; a++) {
    const n = share[a] as number;
    if (!(n > 0)) continue;
    const u = unitOf[a] as number;
    if (national[u] === 1) continue;
    const t0 = first[a] as number;
    if (t0 < from) continue;
    let at = u;
    if (unitClock !== null) {
      const clock = unitClock[u] as Uint8Array;
      const h = clock[t0 < 0 ? 0 : t0 < clock.length ? t0 : clock.length - 1] as number;
      at = u * G + (unitGroup[u * HOURS + h] as number);
    }
    // w = 1 / max(b̄, 1), b̄ = E / n: w·n = n² / max(E, n), one division.
    const e = expected[a] as number;
    const r = n / (e > n ? e : n);
    weight[at] = (weight[at] as number) + r * n;
    excess[at] = (excess[at] as number) + r * ((observed[a] as number) - e);
  }
  return { weight, excess, groups: G, stations: p.units };
}

/**
 * Adds a block's part of the multipliers' normal equations at β, with its hour levels α solved
 * jointly (a free α_h takes every hour's mean, so a multiplier is read from how the excess moves
 * with the hour's airings, not from its level, which α alone would take). With z_{t,g} the bucket's
 * Σ f·β over its stations in group g and, per hour h, Z_{h,g} = Σ_t w·z_{t,g}, W_h = Σ_t w and
 * E_h = Σ_t w·e_t: A_gg' += Σ_t w·z_g·z_g' − Σ_h Z_{h,g}·Z_{h,g'}/W_h and
 * c_g += Σ_t w·z_g·e − Σ_h Z_{h,g}·E_h/W_h, the first sums read per hour class from G^c and b^c.
 */
export function addBlockDayparts(blk: MarketBlock, beta: Float64Array, s: DaypartSums): void {
  const {
    units,
    sets,
    gramC,
    bC,
    crossRaw,
    hourClass,
    classGroup,
    classes: C,
    levelW,
    levelB,
  } = blk;
  const k = units.length;
  const G = DAYPART_GROUPS;
  const { gram, rhs } = s;
  // Z_{h,set}: Σ_i β_i·C^raw_ih over the block's stations of each set.
  const z = new Float64Array(2 * HOURS);
  for (let i = 0; i < k; i++) {
    const bi = beta[units[i] as number] as number;
    if (bi === 0) continue;
    const set = sets[i] as number;
    for (let h = 0; h < HOURS; h++) {
      z[set * HOURS + h] =
        (z[set * HOURS + h] as number) + bi * (crossRaw[i * HOURS + h] as number);
    }
  }
  for (let h = 0; h < HOURS; h++) {
    const w = levelW[h] as number;
    if (!(w > 0)) continue;
    const c = hourClass[h] as number;
    for (let s1 = 0; s1 < 2; s1++) {
      const z1 = z[s1 * HOURS + h] as number;
      if (z1 === 0) continue;
      const g1 = classGroup[2 * c + s1] as number;
      rhs[g1] = (rhs[g1] as number) - (z1 * (levelB[h] as number)) / w;
      for (let s2 = 0; s2 < 2; s2++) {
        const g2 = classGroup[2 * c + s2] as number;
        gram[g1 * G + g2] =
          (gram[g1 * G + g2] as number) - (z1 * (z[s2 * HOURS + h] as number)) / w;
      }
    }
  }
  for (let c = 0; c < C; c++) {
    for (let i = 0; i < k; i++) {
      const bi = beta[units[i] as number] as number;
      if (bi === 0) continue;
      const gi = classGroup[2 * c + (sets[i] as number)] as number;
      rhs[gi] = (rhs[gi] as number) + bi * (bC[c * k + i] as number);
      const row = c * k * k + i * k;
      for (let j = 0; j < k; j++) {
        const bj = beta[units[j] as number] as number;
        if (bj === 0) continue;
        const gj = classGroup[2 * c + (sets[j] as number)] as number;
        gram[gi * G + gj] = (gram[gi * G + gj] as number) + bi * bj * (gramC[row + j] as number);
      }
    }
  }
}

/** Adds the single-owner buckets' part: A_gg += β²·Σ w·n, c_g += β·Σ w·(x − b). */
export function addSingleDayparts(single: SingleOwners, beta: Float64Array, s: DaypartSums): void {
  const { stations, groups: G, weight, excess } = single;
  if (G !== DAYPART_GROUPS) return;
  for (let u = 0; u < stations; u++) {
    const b = beta[u] as number;
    if (b === 0) continue;
    for (let g = 0; g < G; g++) {
      s.gram[g * G + g] = (s.gram[g * G + g] as number) + b * b * (weight[u * G + g] as number);
      s.rhs[g] = (s.rhs[g] as number) + b * (excess[u * G + g] as number);
    }
  }
}
