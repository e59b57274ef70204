/**
 * Empirical-Bayes shrinkage of group means toward their parent (docs/attribution-method.md §4.3).
 *
 * Each unit j (a station, or a station × daypart cell) has n_j airings with attributed visits
 * y_ja; its mean ȳ_j = Σ y / n_j. Within a parent P (the market × station type, or the station),
 *   σ²_P = Σ_j Σ_a (y_ja − ȳ_j)² / (N_P − J_P)            (pooled within-unit variance),
 *   τ²_P = max(0, (Σ_j n_j (ȳ_j − ȳ_P)² − (J_P − 1) σ²_P) / (N_P − Σ_j n_j² / N_P))
 * (method of moments of the one-way random-effects model: the between-unit mean square minus its
 * sampling part), and the estimate is
 *   ρ̂_j = m_P + B_j (ȳ_j − m_P),   B_j = τ²_P / (τ²_P + σ²_P / n_j),
 * where m_P is the parent's target: its own airing-weighted mean ȳ_P, or a given prior (the
 * shrunk station estimate for its daypart cells). A unit with few airings, or one whose spread is
 * all noise (τ² = 0), moves to m_P; a well-measured unit keeps its mean. Signed throughout.
 */
export interface ShrinkInput {
  /** Per unit: Σ y, Σ y², number of airings. */
  sum: Float64Array;
  sumSq: Float64Array;
  count: Float64Array;
  /** Per unit: index of its parent, 0..parents − 1. */
  parent: Int32Array;
  parents: number;
  /** Per parent: the target m_P; omitted = the parent's airing-weighted mean. */
  target?: Float64Array;
}

/** Work arrays of {@link shrinkMeans} for `parents` parents, reused between calls. */
export interface ShrinkScratch {
  n: Float64Array;
  s: Float64Array;
  ssw: Float64Array;
  ssb: Float64Array;
  units: Float64Array;
  nSq: Float64Array;
  tau2: Float64Array;
  sigma2: Float64Array;
}

/** Scratch for {@link shrinkMeans}. */
export function shrinkScratch(parents: number): ShrinkScratch {
  const f = () => new Float64Array(parents);
  return { n: f(), s: f(), ssw: f(), ssb: f(), units: f(), nSq: f(), tau2: f(), sigma2: f() };
}

/**
 * Writes the shrunk estimate of every unit into `out` (see the module doc); a unit without
 * airings gets its parent's target. σ² of a parent without within-unit degrees of freedom is the
 * pooled σ² of all parents.
 */
export function shrinkMeans(p: ShrinkInput, out: Float64Array, w: ShrinkScratch): void {
  const { sum, sumSq, count, parent, parents } = p;
  const J = count.length;
  for (const a of [w.n, w.s, w.ssw, w.ssb, w.units, w.nSq]) a.fill(0, 0, parents);
  for (let j = 0; j < J; j++) {
    const nj = count[j] as number;
    if (nj <= 0) continue;
    const P = parent[j] as number;
    const sj = sum[j] as number;
    w.n[P] = (w.n[P] as number) + nj;
    w.s[P] = (w.s[P] as number) + sj;
    w.ssw[P] = (w.ssw[P] as number) + Math.max(0, (sumSq[j] as number) - (sj * sj) / nj);
    w.units[P] = (w.units[P] as number) + 1;
    w.nSq[P] = (w.nSq[P] as number) + nj * nj;
  }
  let sswAll = 0;
  let dfAll = 0;
  for (let P = 0; P < parents; P++) {
    sswAll += w.ssw[P] as number;
    dfAll += Math.max(0, (w.n[P] as number) - (w.units[P] as number));
  }
  const sigmaAll = dfAll > 0 ? sswAll / dfAll : 0;
  for (let P = 0; P < parents; P++) {
    const df = (w.n[P] as number) - (w.units[P] as number);
    w.sigma2[P] = df > 0 ? (w.ssw[P] as number) / df : sigmaAll;
  }
  for (let j = 0; j < J; j++) {
    const nj = count[j] as number;
    if (nj <= 0) continue;
    const P = parent[j] as number;
    const d = (sum[j] as number) / nj - (w.s[P] as number) / (w.n[P] as number);
    w.ssb[P] = (w.ssb[P] as number) + nj * d * d;
  }
  for (let P = 0; P < parents; P++) {
    const N = w.n[P] as number;
    const units = w.units[P] as number;
    const denom = N - (w.nSq[P] as number) / Math.max(N, 1);
    const between = (w.ssb[P] as number) - (units - 1) * (w.sigma2[P] as number);
    w.tau2[P] = units >= 2 && denom > 0 ? Math.max(0, between / denom) : 0;
  }
  for (let j = 0; j < J; j++) {
    const P = parent[j] as number;
    const N = w.n[P] as number;
    const m = p.target ? (p.target[P] as number) : N > 0 ? (w.s[P] as number) / N : 0;
    const nj = count[j] as number;
    if (nj <= 0) {
      out[j] = m;
      continue;
    }
    const tau2 = w.tau2[P] as number;
    const v = (w.sigma2[P] as number) / nj;
    const B = tau2 + v > 0 ? tau2 / (tau2 + v) : 1;
    out[j] = m + B * ((sum[j] as number) / nj - m);
  }
}
