/**
 * Small numeric helpers for the significance tests (method note §5.1 step 6).
 * No dependencies: the normal distribution, its quantile, the regularized lower incomplete gamma
 * function (Poisson tail for non-integer counts) and a small-array median.
 */

/** Standard normal CDF Φ(z) (Abramowitz–Stegun 7.1.26 via erfc; abs. error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * Math.exp(-x * x);
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** Acklam's coefficients (see normalQuantile), hoisted so hot loops allocate nothing. */
const QA = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
] as const;
const QB = [
  -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
] as const;
const QC = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
] as const;
const QD = [
  0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416,
] as const;

/**
 * Quantile of the standard normal (Acklam's rational approximation, rel. error < 1.2e-9).
 * @param p probability in (0, 1); throws RangeError outside it.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0,1), got ${p}`);
  const [a0, a1, a2, a3, a4, a5] = QA;
  const [b0, b1, b2, b3, b4] = QB;
  const [c0, c1, c2, c3, c4, c5] = QC;
  const [d0, d1, d2, d3] = QD;
  const lo = 0.02425;
  if (p < lo || p > 1 - lo) {
    const q = Math.sqrt(-2 * Math.log(p < lo ? p : 1 - p));
    const v =
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
    return p < lo ? v : -v;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/** Lanczos coefficients (g = 7, n = 9) of logGamma. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
] as const;

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  const g = LANCZOS;
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const xx = x - 1;
  let s = g[0] ?? 0;
  for (let i = 1; i < 9; i++) s += (g[i] ?? 0) / (xx + i);
  const t = xx + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(s);
}

/**
 * Regularized lower incomplete gamma P(a, x) = γ(a, x)/Γ(a), a > 0, x ≥ 0 (series / continued
 * fraction, Numerical Recipes §6.2). For integer k, P(k, λ) = Pr[Poisson(λ) ≥ k].
 */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  if (a <= 0) return 1;
  const lnPre = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 500; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-14) break;
    }
    return Math.min(1, sum * Math.exp(lnPre));
  }
  // Lentz continued fraction for Q(a, x).
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-14) break;
  }
  return Math.max(0, 1 - Math.exp(lnPre) * h);
}

/** Median of the first `n` values of `buf` (sorted in place; n ≥ 1). */
export function medianInPlace(buf: Float64Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const v = buf[i] as number;
    let j = i - 1;
    while (j >= 0 && (buf[j] as number) > v) {
      buf[j + 1] = buf[j] as number;
      j--;
    }
    buf[j + 1] = v;
  }
  const mid = n >> 1;
  return n % 2 === 1 ? (buf[mid] as number) : ((buf[mid - 1] as number) + (buf[mid] as number)) / 2;
}

/**
 * Median of eight values, (4th + 5th smallest)/2: the K = 8 seasonal median of the baseline
 * (method note §5.1 step 3) without a buffer. Sorts both halves with a 5-comparator network, then
 * one bitonic half-cleaner step splits the union into its 4 smallest and 4 largest values.
 * Same value as {@link medianInPlace} on the same eight; NaN when any input is NaN (or when
 * +Infinity and −Infinity meet).
 */
export function median8(
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  a4: number,
  a5: number,
  a6: number,
  a7: number,
): number {
  // Any NaN makes the sum NaN (so can ±Infinity: the caller's general path then decides).
  if (Number.isNaN(a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7)) return Number.NaN;
  let t: number;
  if (a1 < a0) {
    t = a0;
    a0 = a1;
    a1 = t;
  }
  if (a3 < a2) {
    t = a2;
    a2 = a3;
    a3 = t;
  }
  if (a2 < a0) {
    t = a0;
    a0 = a2;
    a2 = t;
  }
  if (a3 < a1) {
    t = a1;
    a1 = a3;
    a3 = t;
  }
  if (a2 < a1) {
    t = a1;
    a1 = a2;
    a2 = t;
  }
  if (a5 < a4) {
    t = a4;
    a4 = a5;
    a5 = t;
  }
  if (a7 < a6) {
    t = a6;
    a6 = a7;
    a7 = t;
  }
  if (a6 < a4) {
    t = a4;
    a4 = a6;
    a6 = t;
  }
  if (a7 < a5) {
    t = a5;
    a5 = a7;
    a7 = t;
  }
  if (a6 < a5) {
    t = a5;
    a5 = a6;
    a6 = t;
  }
  // a0..a3 and a4..a7 ascending: min(a_i, a_(7−i)) are the 4 smallest, max(...) the 4 largest.
  const b0 = a0 < a7 ? a0 : a7;
  const b1 = a1 < a6 ? a1 : a6;
  const b2 = a2 < a5 ? a2 : a5;
  const b3 = a3 < a4 ? a3 : a4;
  const c0 = a0 > a7 ? a0 : a7;
  const c1 = a1 > a6 ? a1 : a6;
  const c2 = a2 > a5 ? a2 : a5;
  const c3 = a3 > a4 ? a3 : a4;
  const p = b0 > b1 ? b0 : b1;
  const q = b2 > b3 ? b2 : b3;
  const r = c0 < c1 ? c0 : c1;
  const u = c2 < c3 ? c2 : c3;
  return ((p > q ? p : q) + (r < u ? r : u)) / 2;
}
