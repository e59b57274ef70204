/** Hour mode: airing-count groups of the masked lift: 0, 1, 2, 3, 4, and 5 or more airings active. */
export const LIFT_GROUPS = 6;
/**
 * Hour mode: weight of the pooled masked ratio in each airing-count group's lift, in visits of
 * seasonal baseline (a group holding far more than this reads its own hours).
 */
export const LIFT_PRIOR_VISITS = 100;

/**
 * The hourly baseline's masked lift by airing-count group (method note §8), from the sums over
 * the buckets whose seasonal value S₀ comes from spot-free weeks alone: `mx[g]`, `mS[g]` = Σx and
 * ΣS₀ (visits) over the masked buckets of group g, `fx`, `fS` the same over the spot-free ones.
 * L(g) = [(mx[g] + k·R_M) / (mS[g] + k)] / R_free with R = (Σx + c)/(ΣS₀ + c) over all masked
 * (R_M) or spot-free (R_free) buckets and k = {@link LIFT_PRIOR_VISITS}.
 * @param c the level factor's pseudo-count (visits). @returns LIFT_GROUPS lifts, 1 where a lift
 *   is not a positive finite number.
 */
export function groupLifts(
  mx: Float64Array,
  mS: Float64Array,
  fx: number,
  fS: number,
  c: number,
): Float64Array {
  const free = (fx + c) / (fS + c);
  let ax = 0;
  let aS = 0;
  for (let g = 0; g < LIFT_GROUPS; g++) {
    ax += mx[g] as number;
    aS += mS[g] as number;
  }
  // The pooled ratio of every masked hour (the single lift of old) is each group's prior, so a
  // group with no clean hour (say hours of a dozen airings that are inside a window every week)
  // keeps the market's lift instead of 1, which would leave all their responses in the baseline.
  const pooled = (ax + c) / (aS + c);
  const k = LIFT_PRIOR_VISITS;
  const lifts = new Float64Array(LIFT_GROUPS);
  for (let g = 0; g < LIFT_GROUPS; g++) {
    const lift = ((mx[g] as number) + k * pooled) / ((mS[g] as number) + k) / free;
    lifts[g] = lift > 0 && Number.isFinite(lift) ? lift : 1;
  }
  return lifts;
}
