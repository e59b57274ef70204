/**
 * When a month may be published: once its last local day is over in every market. US markets
 * run at most 10 hours behind UTC (Hawaii), so a month counts as ended 12 hours after the next
 * month began in UTC.
 */

/** Hours past the next month's UTC start before a month counts as ended. */
export const PUBLISH_AFTER_H = 12;

/** Has `month` ('YYYY-MM') ended in every market at `now`? */
export function monthEnded(month: string, now: Date): boolean {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return now.getTime() >= Date.UTC(y, m, 1) + PUBLISH_AFTER_H * 3_600_000;
}
