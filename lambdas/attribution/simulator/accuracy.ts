import type { AttributionResult } from '../core/types';
import { type OverlapScenario, stationKey } from './overlap-scenario';

/** The four accuracy figures of the hold-out, measured on a simulated scenario. */
export interface AccuracyFigures {
  /** Σ attributed / Σ injected − 1 (minute: injected in the window; hour: window + tail, "all"). */
  totalError: number;
  /** Spearman rank correlation of station VPA (Σ attributed / airings) with the true station response. */
  stationRankCorrelation: number;
  /** Mean attributed of airings on no-effect stations / mean attributed of airings on effective ones. */
  noEffectRatio: number;
  /** Share of no-effect airings flagged with p < 0.05. */
  noEffectSignificantShare: number;
  /**
   * Σ over markets (each DMA, and the national networks as one) of |Σ attributed − Σ injected|
   * / Σ injected: how well the visits land in the right market, which a report's market rows
   * show and the total error cannot (errors of opposite sign cancel in it).
   */
  marketTotalError: number;
}

/** The p-value under which a no-effect airing counts as a false alarm. */
const P_FALSE_ALARM = 0.05;

/**
 * Scores an attribution result against the scenario's truth. Only the result's airings count
 * (the engine returns those in the attributed range). Truth per airing: visits injected in its
 * window on minute data; in all (window + tail) on hourly data, since an hour bucket holds the
 * tail as well. Station VPA = Σ attributed / number of airings of the station key
 * (`${market}|${station}`), ranked against `s.stationEffect` with ties at their average rank.
 * Market totals: per airing market, Σ attributed against the same truth as the total.
 * A figure is NaN when undefined (no injected visits, no station pair, no airing of either kind).
 * @throws Error when the result names an airing the scenario does not know.
 */
export function accuracyFigures(s: OverlapScenario, r: AttributionResult): AccuracyFigures {
  const byId = new Map(s.airings.map((a) => [a.id, a]));
  const hourly = s.visits.resolution === 'hour';
  let attributed = 0;
  let injected = 0;
  const stations = new Map<string, { sum: number; n: number }>();
  const markets = new Map<string, number>();
  let noSum = 0;
  let noN = 0;
  let noSignificant = 0;
  let effSum = 0;
  let effN = 0;
  for (const x of r.airings) {
    const a = byId.get(x.airingId);
    const t = s.truth.get(x.airingId);
    if (!a || !t) throw new Error(`airing ${x.airingId} is not in the scenario`);
    attributed += x.attributed;
    const injectedHere = hourly ? t.all : t.window;
    injected += injectedHere;
    markets.set(a.market, (markets.get(a.market) ?? 0) + x.attributed - injectedHere);
    const key = stationKey(a);
    const st = stations.get(key) ?? { sum: 0, n: 0 };
    st.sum += x.attributed;
    st.n++;
    stations.set(key, st);
    if (s.noEffectStations.has(key)) {
      noSum += x.attributed;
      noN++;
      if (x.pValue < P_FALSE_ALARM) noSignificant++;
    } else {
      effSum += x.attributed;
      effN++;
    }
  }
  const keys = [...stations.keys()].sort();
  const vpa = keys.map((k) => {
    const st = stations.get(k) as { sum: number; n: number };
    return st.sum / st.n;
  });
  const truth = keys.map((k) => s.stationEffect.get(k) ?? 0);
  let marketMiss = 0;
  for (const d of markets.values()) marketMiss += Math.abs(d);
  return {
    totalError: injected > 0 ? attributed / injected - 1 : Number.NaN,
    stationRankCorrelation: spearman(vpa, truth),
    noEffectRatio: noN > 0 && effN > 0 ? noSum / noN / (effSum / effN) : Number.NaN,
    noEffectSignificantShare: noN > 0 ? noSignificant / noN : Number.NaN,
    marketTotalError: injected > 0 ? marketMiss / injected : Number.NaN,
  };
}

/**
 * Ranks 1..n of `x` in ascending order, tied values sharing the mean of their ranks
 * (e.g. [10, 20, 20, 5] → [2, 3.5, 3.5, 1]).
 */
export function averageRanks(x: readonly number[]): number[] {
  const order = x.map((v, i) => ({ v, i })).sort((p, q) => p.v - q.v);
  const ranks = new Array<number>(x.length);
  for (let lo = 0; lo < order.length; ) {
    let hi = lo + 1;
    while (hi < order.length && (order[hi] as { v: number }).v === (order[lo] as { v: number }).v)
      hi++;
    const rank = (lo + 1 + hi) / 2;
    for (let k = lo; k < hi; k++) ranks[(order[k] as { i: number }).i] = rank;
    lo = hi;
  }
  return ranks;
}

/**
 * Spearman rank correlation: the Pearson correlation of the average ranks, in [−1, 1].
 * NaN when fewer than two pairs or when either side is constant (no order to compare).
 * @throws RangeError when the arrays differ in length.
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new RangeError('spearman: arrays differ in length');
  const n = x.length;
  if (n < 2) return Number.NaN;
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (rx[i] as number) - mean;
    const dy = (ry[i] as number) - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : Number.NaN;
}
