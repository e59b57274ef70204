/**
 * The profile-weighted window measure of every airing's response (docs/attribution-method.md
 * §4.4), the less noisy value the station shrinkage measures stations on.
 *
 * An airing's attributed visits A_a = Σ_k e_{a,k} add its credited excess over the window's
 * minutes k = 0..K − 1 with equal weight, but a TV response arrives mostly in the first three
 * minutes while every minute carries the same noise. With the response profile p_k and
 * e_{a,k} ≈ R_a·p_k / Σ_j p_j + noise, the least-squares estimate of R_a is
 *   R̂_a = Σ_j p_j · Σ_k p_k·e_{a,k} / Σ_k p_k²,
 * unbiased like A_a (E[R̂_a] = R_a), with variance (Σ p)²·σ²/Σ p² instead of K·σ²: about half
 * on a profile peaking in minutes 1-2. p is the response split's own profile (the mean excess
 * of single-owner buckets by minute since the start, response-slots.ts), so the split and the
 * measure read the campaign the same way. A flat profile gives R̂_a = A_a exactly.
 */

/** Inputs of {@link profileWeighted}. */
export interface ProfileWeightedInput {
  /** Minutes per airing in `byMinute` (0 = hourly data: nothing to weigh). */
  span: number;
  /** Per airing × minute since its start: its single-owner excess (Accumulators.byMinute), visits. */
  byMinute: Float32Array;
  /** Per airing: Σ of its shared credits times p at their minute (Accumulators.byProfile), visits. */
  byProfile: Float64Array;
  /** p_k by minute since the start, any scale (empty = flat: the measure is A). */
  profile: Float64Array;
  /** Per airing: 1 = counted; the others get 0. */
  use: Uint8Array;
}

/**
 * R̂_a of every counted airing (see the module doc), visits, signed.
 * @returns the measures, or null when `span` is 0 or no minute of the profile is positive.
 */
export function profileWeighted(p: ProfileWeightedInput): Float64Array | null {
  const { span, byMinute, byProfile, use } = p;
  if (span === 0) return null;
  const profile = p.profile.length === span ? p.profile : new Float64Array(span).fill(1);
  let sum = 0;
  let squares = 0;
  for (let k = 0; k < span; k++) {
    const v = profile[k] as number;
    sum += v;
    squares += v * v;
  }
  if (!(sum > 0 && squares > 0)) return null;
  const scale = sum / squares;
  const n = use.length;
  const out = new Float64Array(n);
  for (let a = 0; a < n; a++) {
    if (use[a] !== 1) continue;
    const o = a * span;
    let s = byProfile[a] as number;
    for (let k = 0; k < span; k++) s += (profile[k] as number) * (byMinute[o + k] as number);
    out[a] = s * scale;
  }
  return out;
}
