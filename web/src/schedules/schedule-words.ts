import type {
  Cadence,
  DeliveryStatus,
  ScheduleFamilyKind,
  ScheduleRange,
  ScheduleWhat,
} from '#shared/contracts/schedules.schema';
import { formatDateRange } from '#shared/format';

/**
 * A schedule in words for the schedules dialog (spec §9 dates M/D/Y, times 12-hour): what it
 * sends, how often, the range it covers, when it runs next in its own zone, and a delivery's
 * period and status. Pure functions; the zone arithmetic is Intl's.
 */

/** Week days, 0 = Sunday (the contract's `cadence.weekday`). */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** What a schedule may send, with its label, the client's own report first. */
export const WHAT_LABELS: Record<'report' | ScheduleFamilyKind, string> = {
  report: 'This report (with its saved settings)',
  monthly: 'Monthly report',
  monthly_ng: 'Monthly streaming and podcast report',
  monthly_tsq: 'Monthly station report',
  quarterly: 'Quarterly report',
  advertiser: 'Advertiser report',
  activity: 'Activity report',
};

/** The ranges a delivery covers, as the form offers them. */
export const RANGE_LABELS: Record<ScheduleRange, string> = {
  last_week: 'Last week (Monday to Sunday)',
  last_month: 'Last month',
  last_quarter: 'Last quarter',
  month_to_date: 'Month to date',
};

/** Delivery statuses as the history table shows them. */
export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** 1 -> 1st, 2 -> 2nd, 3 -> 3rd, 11 -> 11th, 22 -> 22nd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** `HH:mm` (24 hours) as `8:00 AM` / `12:30 PM`; anything else comes back unchanged. */
export function clockWords(localTime: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(localTime);
  if (!match) return localTime;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/**
 * How often a schedule runs, in words with its zone: `Every Monday at 8:00 AM (America/Chicago)`,
 * `Monthly on the 1st at 7:30 AM (UTC)`, `Quarterly on the 5th of January, April, July and
 * October at 9:00 AM (Europe/London)`.
 */
export function cadenceWords(cadence: Cadence, localTime: string, timeZone: string): string {
  const at = `at ${clockWords(localTime)} (${timeZone})`;
  if (cadence.every === 'weekly') return `Every ${WEEKDAYS[cadence.weekday] ?? '?'} ${at}`;
  if (cadence.every === 'monthly') return `Monthly on the ${ordinal(cadence.day)} ${at}`;
  return `Quarterly on the ${ordinal(cadence.day)} of January, April, July and October ${at}`;
}

/** What a schedule sends, e.g. `Quarterly report (executive summary only)`. */
export function whatWords(what: ScheduleWhat): string {
  const label = WHAT_LABELS[what.kind];
  return what.kind !== 'report' && what.executive_only
    ? `${label} (executive summary only)`
    : label;
}

/**
 * An instant (UTC ISO) as the wall clock of `timeZone`: `12/01/2026, 8:00 AM`. An unparseable
 * instant or an unknown zone comes back unchanged.
 */
export function instantInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(date);
  } catch {
    return iso;
  }
}

/**
 * When a schedule runs next, shown in its own zone: `12/01/2026, 8:00 AM (America/Chicago)`;
 * `Paused` while paused; `Not planned` when the server has no next run.
 */
export function nextRunWords(schedule: {
  paused: boolean;
  next_run_at: string | null;
  time_zone: string;
}): string {
  if (schedule.paused) return 'Paused';
  if (!schedule.next_run_at) return 'Not planned';
  return `${instantInZone(schedule.next_run_at, schedule.time_zone)} (${schedule.time_zone})`;
}

/** A delivery's period key `YYYY-MM-DD..YYYY-MM-DD` as `MM/DD/YYYY – MM/DD/YYYY`. */
export function periodWords(periodKey: string): string {
  const [start, end] = periodKey.split('..');
  return start && end ? formatDateRange(start, end) : periodKey;
}
