import { profileWeighted } from './profile-weighted';
import { stationParents } from './response-cells';
import type { Airing } from './types';
import { type AiringKeys, airingKeys } from './windows';

/**
 * Station-level empirical-Bayes shrinkage of the response split's output
 * (docs/attribution-method.md §4.4).
 *
 * A station with a handful of airings owns its windows' noise: one lucky airing can out-rank a
 * well-measured strong station. After the split, every airing a of station j is shifted by its
 * station's shrinkage correction, A'_a = A_a + (ρ̂_j − ȳ_j), where ȳ_j is the station's mean
 * attributed and ρ̂_j the posterior mean of its true response under a prior fitted to its
 * parent P (market × station type; the national networks form one parent):
 *   ρ_j ~ π·δ₀ + (1 − π)·N(μ_P, τ²_P),   ȳ_j | ρ_j ~ N(ρ_j, v_j),
 *   v_j = σ²_j / n_j + (κ·ȳ_P)²,   σ²_j = (SSW_j + K·σ²_P) / (n_j − 1 + K),
 * with π (the share of stations without effect) common to all parents, μ_P and τ²_P per parent,
 * fitted by EM. The posterior mean is
 *   ρ̂_j = r_j·(μ_P + B_j·(ȳ_j − μ_P)),   B_j = τ²_P / (τ²_P + v_j),
 * r_j the posterior probability that the station has an effect. The total is then restored
 * exactly: Δ = Σ_j n_j (ȳ_j − ρ̂_j) over every station is added in proportion to n_j·max(ρ̂_j, 0)
 * (a common factor on the stations with a positive estimate, so their order holds), or evenly
 * per airing when no estimate is positive or the factor would turn negative. The restoring is
 * pooled over all parents, not done per parent: a parent's own sum of A carries all the noise of
 * its windows (a national network's window sums the whole country's traffic) and whatever the
 * split leaked into it from overlapping parents, while its stations' posteriors, measured on the
 * less noisy profile-weighted values, place the visits between parents better (on the accuracy
 * bench's minute scenario, seeds 1-8: the market totals' absolute error 5.3% → 3.7% of the
 * injected visits, the national networks' 20% → 8%, station rank 0.912 → 0.918). Hence
 * Σ attributed in all is unchanged, every airing keeps its own signed deviation from its
 * station's mean, and a thin or noisy station's mean moves toward its peers or toward zero.
 */

/** Campaign-free knobs of the shrinkage (docs/attribution-method.md §4.4). */
export const STATION_SHRINK = {
  /**
   * Weight of the parent's pooled σ² in a station's own, in airings: a station's spread is known
   * only roughly from a few airings, and heavy tails (a response on top of a spike) are its own.
   */
  poolAirings: 10,
  /**
   * Floor on a station mean's error relative to its parent's mean: the split's leak between
   * overlapping stations does not average out with more airings.
   */
  leak: 0.1,
  /** EM iterations of the prior's fit (it settles in a few dozen on ~100 stations). */
  iterations: 50,
  /** Start of π, the share of stations without effect. */
  nullShare: 0.3,
} as const;

/** Smallest error variance of a station mean, visits²: far below any real spread. */
const MIN_VARIANCE = 1e-12;

/** Inputs of {@link shrinkStations}. */
export interface StationShrinkInput {
  /** Per airing: its attributed visits A_a (signed). */
  attributed: Float64Array;
  /**
   * Per airing: the value its station's mean and spread are measured on, an unbiased estimate
   * of the same response with less noise (the profile-weighted window of
   * {@link profileWeighted}); absent = `attributed`. The shift still moves each station's mean
   * of `attributed` to its posterior.
   */
  measured?: Float64Array;
  /** Per airing: 1 = it counts (in the reported range, with visits); others get no shift. */
  use: Uint8Array;
  /** Per airing: its station, 0..stations − 1. */
  station: Int32Array;
  /** Per station: its parent, 0..parents − 1. */
  stationParent: Int32Array;
  parents: number;
}

/**
 * The shift of every airing (visits, signed; 0 for airings not used): its station's ρ̂_j − ȳ_j
 * plus its part of the restored total (see the module doc). Σ of the shifts over all used
 * airings is 0 up to float rounding; a parent's airings may gain or lose visits to other
 * parents. Deterministic: a function of the inputs only.
 */
export function shrinkStations(p: StationShrinkInput): Float64Array {
  const { attributed, use, station, stationParent, parents } = p;
  const measured = p.measured ?? attributed;
  const sums = newStationSums(stationParent.length);
  const { n, sumA, sum, sumSq } = sums;
  for (let a = 0; a < attributed.length; a++) {
    if (use[a] !== 1) continue;
    const j = station[a] as number;
    const y = measured[a] as number;
    n[j] = (n[j] as number) + 1;
    sumA[j] = (sumA[j] as number) + (attributed[a] as number);
    sum[j] = (sum[j] as number) + y;
    sumSq[j] = (sumSq[j] as number) + y * y;
  }
  const shiftOf = stationShifts(sums, stationParent, parents);
  const shift = new Float64Array(attributed.length);
  for (let a = 0; a < attributed.length; a++) {
    if (use[a] === 1) shift[a] = shiftOf[station[a] as number] as number;
  }
  return shift;
}

/** Per station: its used airings, Σ A (the shift and the restored total), Σ y and Σ y² of the measure. */
interface StationSums {
  n: Float64Array;
  sumA: Float64Array;
  sum: Float64Array;
  sumSq: Float64Array;
}

function newStationSums(stations: number): StationSums {
  return {
    n: new Float64Array(stations),
    sumA: new Float64Array(stations),
    sum: new Float64Array(stations),
    sumSq: new Float64Array(stations),
  };
}

/**
 * Per station, the shift of each of its used airings (visits, signed): ρ̂_j − ȳ_j from the
 * mixture's posterior ({@link mixturePosterior}) plus its part of the total restored over all
 * stations (see the module doc); 0 for a station without used airings.
 */
function stationShifts(s: StationSums, stationParent: Int32Array, parents: number): Float64Array {
  const { n, sumA, sum, sumSq } = s;
  const S = stationParent.length;
  const rho = new Float64Array(S);
  mixturePosterior({ sum, sumSq, count: n, parent: stationParent, parents }, rho);
  // Over all stations: Δ, Σ n_j·max(ρ̂_j, 0) and airings.
  let delta = 0;
  let positive = 0;
  let airings = 0;
  for (let j = 0; j < S; j++) {
    const nj = n[j] as number;
    if (nj <= 0) continue;
    const est = rho[j] as number;
    delta += (sumA[j] as number) - nj * est;
    positive += nj * Math.max(0, est);
    airings += nj;
  }
  const byShare = positive > 0 && 1 + delta / positive > 0;
  const shiftOf = new Float64Array(S);
  for (let j = 0; j < S; j++) {
    const nj = n[j] as number;
    if (nj <= 0) continue;
    const est = rho[j] as number;
    const restored = byShare ? est + (delta * Math.max(0, est)) / positive : est + delta / airings;
    shiftOf[j] = restored - (sumA[j] as number) / nj;
  }
  return shiftOf;
}

/** Per-unit sums of {@link mixturePosterior}: the units' values (airings, or buckets). */
export interface UnitSums {
  /** Per unit: Σ y, Σ y², number of values. */
  sum: Float64Array;
  sumSq: Float64Array;
  count: Float64Array;
  /** Per unit: its parent, 0..parents − 1. */
  parent: Int32Array;
  parents: number;
}

/**
 * Writes every unit's posterior mean ρ̂_j under the spike-and-slab prior of the module doc into
 * `out` (no restoring of the parents' sums). A unit without values gets its parent's prior mean
 * (1 − π)·μ_P. Signed; deterministic.
 */
export function mixturePosterior(p: UnitSums, out: Float64Array): void {
  const { sum, sumSq, count: n, parent: stationParent, parents } = p;
  const S = stationParent.length;
  // Per parent: airings, Σ y, within-station sum of squares and its degrees of freedom.
  const pn = new Float64Array(parents);
  const ps = new Float64Array(parents);
  const pssw = new Float64Array(parents);
  const pdf = new Float64Array(parents);
  const mean = new Float64Array(S);
  const ssw = new Float64Array(S);
  for (let j = 0; j < S; j++) {
    const nj = n[j] as number;
    if (nj <= 0) continue;
    const P = stationParent[j] as number;
    const sj = sum[j] as number;
    mean[j] = sj / nj;
    ssw[j] = Math.max(0, (sumSq[j] as number) - (sj * sj) / nj);
    pn[P] = (pn[P] as number) + nj;
    ps[P] = (ps[P] as number) + sj;
    pssw[P] = (pssw[P] as number) + (ssw[j] as number);
    pdf[P] = (pdf[P] as number) + nj - 1;
  }
  let sswAll = 0;
  let dfAll = 0;
  for (let P = 0; P < parents; P++) {
    sswAll += pssw[P] as number;
    dfAll += pdf[P] as number;
  }
  const sigmaAll = dfAll > 0 ? sswAll / dfAll : 0;
  const K = STATION_SHRINK.poolAirings;
  const v = new Float64Array(S);
  for (let j = 0; j < S; j++) {
    const nj = n[j] as number;
    if (nj <= 0) continue;
    const P = stationParent[j] as number;
    const sigmaP = (pdf[P] as number) > 0 ? (pssw[P] as number) / (pdf[P] as number) : sigmaAll;
    const sigma = ((ssw[j] as number) + K * sigmaP) / (nj - 1 + K);
    const floor = (STATION_SHRINK.leak * (ps[P] as number)) / (pn[P] as number);
    // A station whose airings all attributed the same (a few identical zeros, say) has no
    // spread of its own: kept off 0, its weight in the prior's fit stays finite instead of 0/0.
    v[j] = Math.max(sigma / nj + floor * floor, MIN_VARIANCE);
  }
  // The prior's fit: π common, μ_P and τ²_P per parent, started from the positive means.
  const mu = new Float64Array(parents);
  const tau2 = new Float64Array(parents);
  const units = new Float64Array(parents);
  for (let j = 0; j < S; j++) {
    if ((n[j] as number) <= 0) continue;
    const P = stationParent[j] as number;
    mu[P] = (mu[P] as number) + Math.max(0, mean[j] as number);
    units[P] = (units[P] as number) + 1;
  }
  for (let P = 0; P < parents; P++) {
    const u = units[P] as number;
    const m = u > 0 ? (mu[P] as number) / u : 0;
    mu[P] = Math.max(m, Number.MIN_VALUE);
    tau2[P] = m * m;
  }
  const r = new Float64Array(S);
  const wn = new Float64Array(parents);
  const wd = new Float64Array(parents);
  let pi: number = STATION_SHRINK.nullShare;
  let stations = 0;
  for (let j = 0; j < S; j++) if ((n[j] as number) > 0) stations++;
  for (let it = 0; it < STATION_SHRINK.iterations && stations > 0; it++) {
    let effective = 0;
    for (let j = 0; j < S; j++) {
      if ((n[j] as number) <= 0) continue;
      const P = stationParent[j] as number;
      const y = mean[j] as number;
      const vj = v[j] as number;
      // In logs: far from both, the densities underflow long before their ratio does.
      const slab = Math.log(1 - pi) + logDensity(y - (mu[P] as number), (tau2[P] as number) + vj);
      const spike = Math.log(pi) + logDensity(y, vj);
      const odds = Math.exp(spike - slab);
      const rj = Number.isNaN(odds) ? 0.5 : 1 / (1 + odds);
      r[j] = rj;
      effective += rj;
    }
    // Kept off 0 and 1, where one side's log would be −∞ for good.
    pi = Math.min(1 - 1e-9, Math.max(1e-9, 1 - effective / stations));
    wn.fill(0);
    wd.fill(0);
    for (let j = 0; j < S; j++) {
      if ((n[j] as number) <= 0) continue;
      const P = stationParent[j] as number;
      const w = (r[j] as number) / ((tau2[P] as number) + (v[j] as number));
      wn[P] = (wn[P] as number) + w * (mean[j] as number);
      wd[P] = (wd[P] as number) + w;
    }
    for (let P = 0; P < parents; P++) {
      if ((wd[P] as number) > 0) mu[P] = (wn[P] as number) / (wd[P] as number);
    }
    wn.fill(0);
    wd.fill(0);
    for (let j = 0; j < S; j++) {
      if ((n[j] as number) <= 0) continue;
      const P = stationParent[j] as number;
      const d = (mean[j] as number) - (mu[P] as number);
      const total = (tau2[P] as number) + (v[j] as number);
      const w = total > 0 ? (r[j] as number) / (total * total) : 0;
      wn[P] = (wn[P] as number) + w * (d * d - (v[j] as number));
      wd[P] = (wd[P] as number) + w;
    }
    for (let P = 0; P < parents; P++) {
      tau2[P] = (wd[P] as number) > 0 ? Math.max(0, (wn[P] as number) / (wd[P] as number)) : 0;
    }
  }
  for (let j = 0; j < S; j++) {
    const P = stationParent[j] as number;
    const nj = n[j] as number;
    const m = mu[P] as number;
    if (nj <= 0) {
      out[j] = (1 - pi) * m;
      continue;
    }
    const t = tau2[P] as number;
    const vj = v[j] as number;
    const B = t + vj > 0 ? t / (t + vj) : 1;
    out[j] = (r[j] as number) * (m + B * ((mean[j] as number) - m));
  }
}

/** Log density of N(0, v) at x; v below 1e-300 counts as 1e-300 (a station without spread). */
function logDensity(x: number, v: number): number {
  const w = Math.max(v, 1e-300);
  return (-0.5 * x * x) / w - 0.5 * Math.log(2 * Math.PI * w);
}

/** The engine's per-airing sums {@link shrinkAirings} reads. */
export interface ShrinkAiringsInput {
  airings: Airing[];
  /** The airings' stations (AiringGrid.keys); null = read from `airings` (airingKeys). */
  keys: AiringKeys | null;
  observed: Float64Array;
  expected: Float64Array;
  /** Per airing: its buckets with visits (0 = no visit series: left alone). */
  buckets: Int32Array;
  /** Per airing: 1 = starts in the reported range. */
  inRange: Uint8Array;
  /** Minutes of excess per airing in `byMinute` (0 = hourly data: stations measured on A). */
  span: number;
  /** Accumulators.byMinute and byProfile: the parts of the profile-weighted measure. */
  byMinute: Float32Array;
  byProfile: Float64Array;
  /** The response split's profile by minute (ResponseSplitStats.profile; empty = flat). */
  profile: Float64Array;
}

/**
 * {@link shrinkStations} over the engine's airings: A = O − E of every airing in the reported
 * range that has visits, grouped by station (market × call sign) under market × station type
 * (a station keeps the type of its first airing, as the split's cells do), the stations measured
 * on the profile-weighted window estimates where minutes are kept (profile-weighted.ts). Returns
 * the shift of each station's airings ({@link StationShift}): the shift of an airing in the
 * reported range with visits is `byStation[station[a]]`; the others get none.
 */
export function shrinkAirings(p: ShrinkAiringsInput): StationShift {
  const { observed, expected, buckets, inRange } = p;
  const keys = p.keys ?? airingKeys(p.airings);
  const { station } = keys;
  const n = observed.length;
  const { stationParent, parents } = stationParents(p.airings, keys.stationFirst);
  const used = (a: number) => inRange[a] === 1 && (buckets[a] as number) > 0;
  // The profile-weighted measure reads the used airings as a column; hourly data keep no minutes
  // and measure A itself, straight from O and E (no columns of A or of the used airings).
  let measured: Float64Array | null = null;
  if (p.span > 0) {
    const use = new Uint8Array(n);
    for (let a = 0; a < n; a++) use[a] = used(a) ? 1 : 0;
    measured = profileWeighted({
      span: p.span,
      byMinute: p.byMinute,
      byProfile: p.byProfile,
      profile: p.profile,
      use,
    });
  }
  const sums = newStationSums(stationParent.length);
  const { n: count, sumA, sum, sumSq } = sums;
  for (let a = 0; a < n; a++) {
    if (!used(a)) continue;
    const j = station[a] as number;
    const A = (observed[a] as number) - (expected[a] as number);
    const y = measured === null ? A : (measured[a] as number);
    count[j] = (count[j] as number) + 1;
    sumA[j] = (sumA[j] as number) + A;
    sum[j] = (sum[j] as number) + y;
    sumSq[j] = (sumSq[j] as number) + y * y;
  }
  return { byStation: stationShifts(sums, stationParent, parents), station };
}

/**
 * The station shrinkage's shift per station (visits, signed) and every airing's station: read per
 * airing where the results are built, instead of a column of one shift per airing.
 */
export interface StationShift {
  byStation: Float64Array;
  /** Per airing: its station (AiringKeys.station). */
  station: Int32Array;
}
