/**
 * Display formatting shared by the report screens (web/src) and the printed report
 * (layers/shared/print), so screen and paper read the same. Pure functions; every one accepts
 * any number (including NaN and Infinity, which the engine never sends but a bad row could) and
 * never throws. Source: spec §9 (number abbreviation, ratio columns 2 decimals, percent cap 60,
 * dates M/D/Y) and method note §5.1 step 5 (display floors signed visits at zero).
 */

/** Unit steps for abbreviated counts: k keeps 1 decimal, m/b/t keep 2 (spec §9). */
const UNITS = [
  { size: 1e12, suffix: 't', decimals: 2 },
  { size: 1e9, suffix: 'b', decimals: 2 },
  { size: 1e6, suffix: 'm', decimals: 2 },
  { size: 1e3, suffix: 'k', decimals: 1 },
] as const;

/** The spec's percent display cap: fractions above 0.6 show as ">60%". */
export const PERCENT_CAP = 0.6;

/**
 * Abbreviates a count: `1234` -> `"1.2k"`, `2_500_000` -> `"2.50m"`, `999` -> `"999"`.
 * Values below 1,000 round to whole numbers. 0, NaN and Infinity show `"0"` (spec §9).
 * A value that rounds up into the next unit moves to it (`999_960` -> `"1.00m"`, not `"1000.0k"`).
 */
export function abbreviate(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  let index = UNITS.findIndex((unit) => abs >= unit.size);
  if (index === -1) {
    const whole = Math.round(abs);
    if (whole < 1000) return whole === 0 ? '0' : `${sign}${whole}`;
    index = UNITS.length - 1;
  }
  let unit = UNITS[index]!;
  let scaled = (abs / unit.size).toFixed(unit.decimals);
  const bigger = UNITS[index - 1];
  if (Number(scaled) >= 1000 && bigger) {
    unit = bigger;
    scaled = (abs / unit.size).toFixed(unit.decimals);
  }
  return `${sign}${scaled}${unit.suffix}`;
}

/** A ratio (VPA, visits per day) with exactly 2 decimals and thousands separators (spec §9). */
export function formatRatio(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  return safe.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * A fraction (0..1) as a percentage with 1 decimal: `0.1234` -> `"12.3%"`.
 * Above the 60% cap it shows `">60%"` (spec §5 "Percent display", §9 "Percent cap display 60").
 */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return '0.0%';
  if (fraction > PERCENT_CAP) return `>${Math.round(PERCENT_CAP * 100)}%`;
  return `${(fraction * 100).toFixed(1)}%`;
}

/** Integer (or fractional) cents as dollars: `123456` -> `"$1,234.56"`; null -> `"—"`. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '—';
  const dollars = Math.abs(cents) / 100;
  const text = dollars.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${cents < 0 ? '-' : ''}$${text}`;
}

/**
 * A signed attributed value as displayed: floored at zero. The raw value stays in the data
 * (and in the cell's title) so sums and sorting use the unbiased signed number (method §5.1.5).
 */
export function floorAtZero(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * A calendar date `YYYY-MM-DD` (or an ISO instant, whose UTC date is used) as `MM/DD/YYYY`
 * (spec §9). Anything unparseable comes back unchanged.
 */
export function formatDateMDY(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** A date range as `MM/DD/YYYY – MM/DD/YYYY`. */
export function formatDateRange(start: string, end: string): string {
  return `${formatDateMDY(start)} – ${formatDateMDY(end)}`;
}

/**
 * A period-over-period change (a fraction, 0.123 = +12.3%) with its sign: one decimal below
 * ±100%, whole percents above (`+250%`); `null` (no comparison value) shows `"—"`. Changes are
 * not capped at 60%: the cap is for shares of a whole (spec §9), and a change is not one.
 */
export function formatChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '—';
  const pct = change * 100;
  const digits = Math.abs(pct) >= 100 ? 0 : 1;
  const text = Math.abs(pct).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  if (text === (0).toFixed(digits)) return `${text}%`;
  return `${pct > 0 ? '+' : '-'}${text}%`;
}
