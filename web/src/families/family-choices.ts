import type { FamilyKind } from '#shared/contracts/families.schema';
import type { PeriodKind } from './use-families';

/**
 * The families a user can generate on this page, in menu order: what each is called, what it
 * covers, and whether its period is a month or a quarter. The organisation families add their
 * rows here.
 */
export interface FamilyChoice {
  kind: FamilyKind;
  label: string;
  description: string;
  by: PeriodKind;
}

export const FAMILY_CHOICES: readonly FamilyChoice[] = [
  {
    kind: 'monthly',
    label: 'Monthly report',
    description:
      "A client's month against the month before and the same month last year: best and weakest stations, dayparts, creatives and recommendations.",
    by: 'month',
  },
  {
    kind: 'monthly_ng',
    label: 'Monthly streaming and podcast report',
    description:
      "The month of a client's streaming (CTV) and podcast airings: impressions, visits per 1,000 impressions, visits per download and website impact.",
    by: 'month',
  },
  {
    kind: 'quarterly',
    label: 'Quarterly report',
    description:
      "A client's quarter: a weekly trend, a quarter-over-quarter table, best and weakest stations and dayparts.",
    by: 'quarter',
  },
];

/** A month key (YYYY-MM) or quarter key (YYYY-Qn) as shown: "October 2026", "Q3 2026". */
export function periodName(key: string): string {
  const q = /^(\d{4})-Q([1-4])$/.exec(key);
  if (q) return `Q${q[2]} ${q[1]}`;
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return key;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
