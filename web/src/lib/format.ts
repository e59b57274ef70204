import { formatPercent, formatRatio } from '#shared/format';

/**
 * Display formatting only the report screens use (the rest, shared with the printed report, is
 * layers/shared/format.ts). Pure functions; every one accepts any number and never throws.
 * Source: spec §9 (ratio columns 2 decimals, percent cap 60) and method note §5.1 step 5
 * (display floors signed visits at zero).
 */

/**
 * The hover text for a floored value: empty when nothing was floored, otherwise the raw value,
 * e.g. `"Raw value: -3.42"`.
 */
export function rawTitle(value: number, decimals = 2): string | undefined {
  if (!Number.isFinite(value) || value >= 0) return undefined;
  return `Raw value: ${value.toFixed(decimals)}`;
}

/** A signed fraction as a percentage with a sign: `0.123` -> `"+12.3%"`; above the cap `">60%"`. */
export function formatSignedPercent(fraction: number): string {
  const text = formatPercent(fraction);
  return Number.isFinite(fraction) && fraction > 0 && !text.startsWith('>') ? `+${text}` : text;
}

/**
 * A per-impression ratio (VPD: visits per download; visits per 1,000 impressions): 2 decimals
 * like every ratio column (spec §9), except values below 0.1, which get 4 decimals - a VPD is
 * typically a few thousandths, and "0.00" on every podcast row would say nothing.
 */
export function formatSmallRatio(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  if (safe === 0 || Math.abs(safe) >= 0.1) return formatRatio(safe);
  return safe.toFixed(4);
}
