/**
 * Proration when a product is added mid-cycle (spec §4 "Contract states": "Ordering an additional
 * software offering resets the billing cycle with a pro-rated credit on the next cycle").
 * The new cycle starts now; the unused part of the old price comes back as a credit on the
 * invoice that starts it. Stripe computes the same by the second (`billing_cycle_anchor: 'now'`,
 * `proration_behavior: 'create_prorations'`); this is what the confirm step shows beforehand.
 */

/**
 * The credit for the unused time of a period.
 * @param unitAmount what the old period cost, integer cents.
 * @param periodStart, periodEnd the old period, Unix seconds (UTC).
 * @param at when the change happens, Unix seconds.
 * @returns integer cents >= 0 (rounded half up): unitAmount × unused share of the period; 0
 *   before a zero-length period or after its end, the whole amount at or before its start.
 */
export function prorationCredit(
  unitAmount: number,
  periodStart: number,
  periodEnd: number,
  at: number,
): number {
  const length = periodEnd - periodStart;
  if (length <= 0 || at >= periodEnd) return 0;
  if (at <= periodStart) return unitAmount;
  return Math.round((unitAmount * (periodEnd - at)) / length);
}

/** What changing plan mid-cycle costs today, integer cents. */
export interface ProrationPreview {
  /** The new price for the new cycle that starts now. */
  newAmount: number;
  /** Credit for the unused time of the old price (>= 0). */
  credit: number;
  /** newAmount - credit, never below 0 (a larger credit carries to the next invoice). */
  dueToday: number;
}

/**
 * The charge of switching from `oldAmount` to `newAmount` at `at` (the cycle resets).
 * Units as {@link prorationCredit}.
 */
export function previewProration(
  oldAmount: number,
  newAmount: number,
  periodStart: number,
  periodEnd: number,
  at: number,
): ProrationPreview {
  const credit = prorationCredit(oldAmount, periodStart, periodEnd, at);
  return { newAmount, credit, dueToday: Math.max(0, newAmount - credit) };
}

/**
 * The end of a monthly period that starts at `start` (Unix seconds, UTC): the same day and time
 * next month, clamped to the month's last day (Jan 31 -> Feb 28/29), as Stripe bills monthly.
 */
export function addOneMonth(start: number): number {
  const d = new Date(start * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}
