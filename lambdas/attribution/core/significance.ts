import { gammaP, normalCdf, normalQuantile } from './stats';

/** Result of testing one airing (or one report row) against its baseline. */
export interface TestResult {
  pValue: number;
  ciLow: number;
  ciHigh: number;
}

/**
 * One-sided test of observed visits O against expected E (method note §5.1 step 6).
 * - φ ≤ 1: Poisson tail Pr[X ≥ O | E] via the regularized incomplete gamma P(O, E), which also
 *   handles non-integer O (split minutes give fractional counts).
 * - φ > 1: over-dispersed z = (O − E)/√(φ·E), p = 1 − Φ(z).
 * The (1 − alpha) interval of A = O − E is A ± z_{1−α/2}·√(φ·max(E, O, 1)).
 * @param observed O (visits), @param expected E (visits), @param phi dispersion (≥ 0), @param alpha level.
 */
export function testExcess(
  observed: number,
  expected: number,
  phi: number,
  alpha: number,
): TestResult {
  const a = observed - expected;
  const half = twoSidedZ(alpha) * Math.sqrt(Math.max(phi, 1) * Math.max(expected, observed, 1));
  let pValue: number;
  if (expected <= 0) pValue = observed > 0 ? 0 : 1;
  else if (observed <= 0) pValue = 1;
  else if (phi > 1) pValue = 1 - normalCdf(a / Math.sqrt(phi * expected));
  else pValue = gammaP(observed, expected);
  return { pValue, ciLow: a - half, ciHigh: a + half };
}

let lastAlpha = Number.NaN;
let lastZ = Number.NaN;

/** z_{1−α/2}, remembered for the last alpha (an engine run tests every airing at one alpha). */
function twoSidedZ(alpha: number): number {
  if (alpha !== lastAlpha) {
    lastZ = normalQuantile(1 - alpha / 2);
    lastAlpha = alpha;
  }
  return lastZ;
}

/**
 * Test of a signed excess with a known variance (report rows that pool airings of several markets:
 * variance = Σ φ_m·E_a). p = 1 − Φ(A/√V); interval A ± z_{1−α/2}·√max(V, 1).
 */
export function testSum(excess: number, variance: number, alpha: number): TestResult {
  const half = twoSidedZ(alpha) * Math.sqrt(Math.max(variance, 1));
  const pValue = variance > 0 ? 1 - normalCdf(excess / Math.sqrt(variance)) : excess > 0 ? 0 : 1;
  return { pValue, ciLow: excess - half, ciHigh: excess + half };
}

/** Volume thresholds behind the "directional" badge (research note §3.2; method note §5.1 step 6). */
export const DIRECTIONAL = {
  /** Below this many expected visits in the window, a spot-level test has too little power. */
  minExpected: 5,
  /** Below this mean credit share (e.g. < 1/4: more than 3 airings share each minute on average), the split dominates the estimate. */
  minMeanShare: 0.25,
} as const;

/** True when an airing is below the volume thresholds of {@link DIRECTIONAL}. */
export function isDirectional(expected: number, meanShare: number): boolean {
  return expected < DIRECTIONAL.minExpected || meanShare < DIRECTIONAL.minMeanShare;
}
