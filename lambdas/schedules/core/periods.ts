import { TZDate } from '@date-fns/tz';
import { Cron } from 'croner';
import {
  addDays,
  format,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  subDays,
  subMonths,
} from 'date-fns';
import type { Cadence, Schedule, ScheduleRange } from '#shared/contracts/schedules.schema';

/**
 * Period arithmetic of scheduled deliveries (pure): when a schedule fires (its occurrences, in
 * its own time zone, DST-safe through croner) and which local dates a delivery covers.
 *
 * DST rules (croner's, and the ones the tests pin): a local time that does not exist on a
 * spring-forward day (02:30 in New York on the second Sunday of March) fires at the first valid
 * minute after the gap (03:00 local); a local time that happens twice on a fall-back day fires
 * once, at its first (daylight-time) instance.
 */

/** What the occurrence computations read of a schedule. */
export type ScheduleTiming = Pick<Schedule, 'cadence' | 'local_time' | 'time_zone'>;

/**
 * The cron pattern (croner: minute hour day-of-month month day-of-week, 0 Sunday) of a cadence
 * at a local HH:mm. Quarterly schedules fire on `day` of January, April, July and October.
 */
export function cronPattern(cadence: Cadence, localTime: string): string {
  const [hour, minute] = localTime.split(':').map(Number);
  const at = `${minute} ${hour}`;
  switch (cadence.every) {
    case 'weekly':
      return `${at} * * ${cadence.weekday}`;
    case 'monthly':
      return `${at} ${cadence.day} * *`;
    case 'quarterly':
      return `${at} ${cadence.day} 1,4,7,10 *`;
  }
}

/**
 * The same cadence as an EventBridge Scheduler expression `cron(min hour dom month dow year)`
 * (day of week 1 = Sunday .. 7 = Saturday; one of dom/dow is `?`), evaluated by the Scheduler in
 * the schedule's ScheduleExpressionTimezone.
 */
export function schedulerExpression(cadence: Cadence, localTime: string): string {
  const [hour, minute] = localTime.split(':').map(Number);
  switch (cadence.every) {
    case 'weekly':
      return `cron(${minute} ${hour} ? * ${cadence.weekday + 1} *)`;
    case 'monthly':
      return `cron(${minute} ${hour} ${cadence.day} * ? *)`;
    case 'quarterly':
      return `cron(${minute} ${hour} ${cadence.day} 1,4,7,10 ? *)`;
  }
}

const cronOf = (s: ScheduleTiming) =>
  new Cron(cronPattern(s.cadence, s.local_time), { timezone: s.time_zone, paused: true });

/** The first occurrence strictly after `after` (a UTC instant); null if there is none. */
export function nextOccurrence(s: ScheduleTiming, after: Date): Date | null {
  return cronOf(s).nextRun(after);
}

/**
 * The occurrences in `(from, until]` (UTC instants), oldest first, at most `limit` (default 500,
 * about ten years of a weekly schedule: a stack left off for long does not flood the queue).
 */
export function occurrencesBetween(
  s: ScheduleTiming,
  from: Date,
  until: Date,
  limit = 500,
): Date[] {
  const cron = cronOf(s);
  const out: Date[] = [];
  let at: Date | null = cron.nextRun(from);
  while (at && at.getTime() <= until.getTime() && out.length < limit) {
    out.push(at);
    at = cron.nextRun(at);
  }
  return out;
}

/**
 * The local dates a delivery covers and their UTC bounds.
 * `start`/`end`: local dates YYYY-MM-DD, both included. `start_at`: local midnight at the start
 * as UTC ISO; `end_at`: local midnight after `end` as UTC ISO (exclusive). `period_key`:
 * `<start>..<end>`, the delivery's idempotency key with the schedule id.
 */
export interface CoveredRange {
  start: string;
  end: string;
  start_at: string;
  end_at: string;
  period_key: string;
}

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * The range a delivery at `occurrence` covers, in the schedule's zone (spec §9 periods):
 * - last_week: the latest whole Monday-Sunday week ended before the occurrence's local day;
 * - last_month / last_quarter: the calendar month / quarter before the occurrence's;
 * - month_to_date: the 1st of the month to the day before the occurrence (on the 1st, the whole
 *   previous month, so the range is never empty).
 * @param occurrence the UTC instant the trigger fired for.
 * @param timeZone IANA zone of the schedule.
 */
export function coveredRange(
  range: ScheduleRange,
  occurrence: Date,
  timeZone: string,
): CoveredRange {
  // The occurrence's local calendar day, as a date in UTC so that day arithmetic is plain.
  const local = new TZDate(occurrence.getTime(), timeZone);
  const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 'UTC');
  let start: Date;
  let end: Date;
  switch (range) {
    case 'last_week':
      start = subDays(startOfWeek(day, { weekStartsOn: 1 }), 7);
      end = addDays(start, 6);
      break;
    case 'last_month':
      start = startOfMonth(subMonths(day, 1));
      end = subDays(startOfMonth(day), 1);
      break;
    case 'last_quarter':
      start = startOfQuarter(subMonths(startOfQuarter(day), 1));
      end = subDays(startOfQuarter(day), 1);
      break;
    case 'month_to_date':
      end = subDays(day, 1);
      start = startOfMonth(end);
      break;
  }
  // TZDate prints its own offset: go through the epoch for a UTC ISO string.
  const midnight = (d: Date) =>
    new Date(
      new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), timeZone).getTime(),
    ).toISOString();
  const after = addDays(end, 1);
  return {
    start: ymd(start),
    end: ymd(end),
    start_at: midnight(start),
    end_at: midnight(after),
    period_key: `${ymd(start)}..${ymd(end)}`,
  };
}
