/**
 * Adds `days` business days (Monday to Friday, UTC) to `from`, keeping the time of day:
 * Friday + 1 is the next Monday; a Saturday or Sunday start counts from the following Monday's
 * day boundary the same way (Saturday + 1 is Monday). Public holidays are not skipped (the spec
 * names none), so the result is never later than the legal deadline.
 * Source: spec §9 "Privacy: response time 10 business days".
 * @throws RangeError when `days` is negative or not an integer.
 */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number >= 0');
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}
