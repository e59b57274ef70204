/**
 * Calendar days as `YYYY-MM-DD` text (GA4's report dates, the lake's UTC partition dates), with
 * arithmetic on whole days. Pure: a day is only a label, never a time of day.
 */

const DAY_S = 86_400;

/** Whole days since 1970-01-01 of a `YYYY-MM-DD` day. @throws Error naming the text when it is not one. */
export function epochDay(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`Not a day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

/** The `YYYY-MM-DD` of whole days since 1970-01-01. */
export function dayOf(epochDays: number): string {
  return new Date(epochDays * 86_400_000).toISOString().slice(0, 10);
}

/** `day` moved by `n` days (negative: earlier). */
export const addDays = (day: string, n: number): string => dayOf(epochDay(day) + n);

/** Days from `a` to `b` (b - a; negative when b is earlier). */
export const daysBetween = (a: string, b: string): number => epochDay(b) - epochDay(a);

/**
 * `day` moved back `months` calendar months; a day past the end of the shorter month rolls into
 * the next (Dec 31 - 10 months = Mar 3, as Date.UTC normalises), which only moves a backfill's
 * start by a day or two.
 */
export function subMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, oldest first ([] when to < from). */
export function dayRange(from: string, to: string): string[] {
  const a = epochDay(from);
  const n = epochDay(to) - a + 1;
  return Array.from({ length: Math.max(0, n) }, (_, i) => dayOf(a + i));
}

/** The UTC day (`YYYY-MM-DD`) of epoch seconds. */
export const utcDayOf = (epochS: number): string => dayOf(Math.floor(epochS / DAY_S));
