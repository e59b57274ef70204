import type { FamilyUnit } from '../contracts/families.schema';
import { formatCents, formatChange, formatRatio } from '../format';

/**
 * How a generated family report shows its figures (spec §9 number formats): counts with
 * thousands separators (visits rounded, negatives floored at zero as the report does), money from
 * integer cents, ratios (VPA, VPD) with 2 decimals (a VPD below 1 with 3 significant digits), fractions as percentages with 1 decimal.
 * Used by the PDF and the browser preview alike.
 */
export function formatFamilyValue(value: string | number | null | undefined, unit: FamilyUnit) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '—';
  switch (unit) {
    case 'cents':
      return formatCents(value);
    case 'vpa':
      return formatRatio(value);
    case 'vpd':
      // Visits per download are often far below 1 (0.003): three significant digits then.
      return Math.abs(value) >= 1 || value === 0
        ? formatRatio(value)
        : value.toLocaleString('en-US', { maximumSignificantDigits: 3 });
    case 'pct':
      return `${(value * 100).toFixed(1)}%`;
    case 'visits':
      return Math.round(Math.max(0, value)).toLocaleString('en-US');
    case 'text':
      return String(value);
    default:
      return Math.round(value).toLocaleString('en-US');
  }
}

/**
 * The change of a figure against an earlier one as shown (`+12.3%`), with its tone: good when
 * it rose, bad when it fell (for money spent and cost per visit, the other way round); null when
 * there is no earlier figure or it was 0.
 */
export function familyChange(
  value: number,
  before: number | null | undefined,
  unit: FamilyUnit,
): { text: string; tone: 'good' | 'bad' | 'flat' } | null {
  if (before === null || before === undefined || !Number.isFinite(before) || before === 0)
    return null;
  const change = (value - before) / Math.abs(before);
  const text = formatChange(change);
  if (Math.abs(change) < 0.0005) return { text, tone: 'flat' };
  const upIsGood = unit !== 'cents';
  return { text, tone: change > 0 === upIsGood ? 'good' : 'bad' };
}
