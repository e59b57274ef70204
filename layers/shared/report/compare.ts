/**
 * Comparison-period arithmetic for the KPI tiles and the printed KPIs (the summary's change
 * against the comparison period); the tiles' colours are web/src/lib/compare.ts. Pure.
 */

/**
 * The relative change from `compare` to `value` as a fraction ((v - c) / |c|). `null` when there
 * is no comparison value or it is 0 (no meaningful ratio) or either is not finite.
 */
export function relativeChange(value: number, compare: number | null | undefined): number | null {
  if (compare === null || compare === undefined) return null;
  if (!Number.isFinite(value) || !Number.isFinite(compare) || compare === 0) return null;
  return (value - compare) / Math.abs(compare);
}
