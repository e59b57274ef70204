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

/** Scratch of {@link median8}: its eight values and the median. */
const EIGHT = new Float64Array(9);
/** Sorted halves of {@link storeMedian8}: [−∞, four values ascending, +∞]. */
const LOW = Float64Array.of(Number.NEGATIVE_INFINITY, 0, 0, 0, 0, Number.POSITIVE_INFINITY);
const HIGH = Float64Array.of(Number.NEGATIVE_INFINITY, 0, 0, 0, 0, Number.POSITIVE_INFINITY);

/**
 * Median of eight values, (4th + 5th smallest)/2: the K = 8 seasonal median of the baseline
 * (method note §5.1 step 3). Same value as {@link medianInPlace} on the same eight; NaN when any
 * input is NaN (or when +Infinity and −Infinity meet). Hot code calls {@link storeMedian8}.
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
  EIGHT[0] = a0;
  EIGHT[1] = a1;
  EIGHT[2] = a2;
  EIGHT[3] = a3;
  EIGHT[4] = a4;
  EIGHT[5] = a5;
  EIGHT[6] = a6;
  EIGHT[7] = a7;
  return storeMedian8(EIGHT, 0, 1, EIGHT, 8) ? (EIGHT[8] as number) : Number.NaN;
}

/**
 * out[o] = the median of the eight values m[c], m[c + w], …, m[c + 7w] (see {@link median8}).
 *
 * Speed (about a million calls per report, on data whose order is close to random): each half of
 * four is sorted by rank, counted without branches (`+(x < y)` is 0 or 1; ties keep index order)
 * and written to its rank's slot; the number i of low-half values among the four smallest of
 * all eight is counted the same way (low[j] is one of them iff low[j] ≤ high[3 − j]), so the 4th
 * and 5th smallest are max(low[i − 1], high[3 − i]) and min(low[i], high[4 − i]). Two
 * data-dependent branches remain, against about twenty in a sorting network. Arrays in, a flag
 * out: when V8 does not inline a call, every double passed or returned is boxed on the heap.
 * @returns false, with out untouched, when any of the eight is NaN (or ±Infinity meet).
 */
export function storeMedian8(
  m: Float64Array,
  c: number,
  w: number,
  out: Float64Array,
  o: number,
): boolean {
  let sum = 0;
  for (let k = 0; k < 8; k++) sum += m[c + k * w] as number;
  // Any NaN makes the sum NaN (so can ±Infinity: the caller's general path then decides).
  if (Number.isNaN(sum)) return false;
  sortFour(m, c, w, LOW);
  sortFour(m, c + 4 * w, w, HIGH);
  const i =
    +((LOW[1] as number) <= (HIGH[4] as number)) +
    +((LOW[2] as number) <= (HIGH[3] as number)) +
    +((LOW[3] as number) <= (HIGH[2] as number)) +
    +((LOW[4] as number) <= (HIGH[1] as number));
  const x = LOW[i] as number;
  const y = HIGH[4 - i] as number;
  const z = LOW[i + 1] as number;
  const u = HIGH[5 - i] as number;
  out[o] = ((x > y ? x : y) + (z < u ? z : u)) / 2;
  return true;
}

/**
 * Writes m[c], m[c + w], m[c + 2w], m[c + 3w] ascending to s[1..4] (ranks counted without
 * branches; ties keep index order).
 */
function sortFour(m: Float64Array, c: number, w: number, s: Float64Array): void {
  const v0 = m[c] as number;
  const v1 = m[c + w] as number;
  const v2 = m[c + 2 * w] as number;
  const v3 = m[c + 3 * w] as number;
  let r0 = 1;
  let r1 = 1;
  let r2 = 1;
  let r3 = 1;
  let p = +(v1 < v0);
  r0 += p;
  r1 += 1 - p;
  p = +(v2 < v0);
  r0 += p;
  r2 += 1 - p;
  p = +(v3 < v0);
  r0 += p;
  r3 += 1 - p;
  p = +(v2 < v1);
  r1 += p;
  r2 += 1 - p;
  p = +(v3 < v1);
  r1 += p;
  r3 += 1 - p;
  p = +(v3 < v2);
  r2 += p;
  r3 += 1 - p;
  s[r0] = v0;
  s[r1] = v1;
  s[r2] = v2;
  s[r3] = v3;
}
