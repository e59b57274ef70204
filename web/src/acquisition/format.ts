/** Display helpers of the calculator (spec §9: money in dollars and cents, counts grouped). */

/** "$1,234.56" from integer cents; "—" for null. */
export function money(cents: number | null): string {
  if (cents === null) return '—';
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** "$1.2k" style axis labels from integer cents. */
export function moneyShort(cents: number): string {
  const d = cents / 100;
  if (d >= 1_000_000) return `$${(d / 1_000_000).toFixed(1)}M`;
  if (d >= 1_000) return `$${(d / 1_000).toFixed(1)}k`;
  return `$${Math.round(d)}`;
}

/** "1,234.5" for visits and orders. */
export const num = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * Integer cents of a dollars text ("5,000" / "5000.5" / "$5,000.50"); null when it is not an
 * amount with at most two decimals. Exact: the digits are read, never multiplied as a float.
 */
export function centsOf(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
