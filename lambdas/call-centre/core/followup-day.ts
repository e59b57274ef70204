import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, format, isValid, parse, parseISO } from 'date-fns';
import { CALL_MESSAGES, type ClsActivity } from '#shared/contracts/call-centre.schema';
import type { FollowupInfo } from '#shared/contracts/call-record';
import { invalidField } from './errors';

/** The parsed payload of a set_followup activity. */
export type FollowupInput = Extract<ClsActivity, { activity: 'set_followup' }>['payload'];

const DAY = 'yyyy-MM-dd';

/** The calendar day (YYYY-MM-DD) that instant `now` falls on in IANA zone `tz`. */
export function localDay(now: Date, tz: string): string {
  return format(new TZDate(now, tz), DAY);
}

/** `day` (YYYY-MM-DD) plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  return format(addCalendarDays(parseISO(day), n), DAY);
}

/** True when `day` is YYYY-MM-DD naming a real calendar day (no 2024-02-31). */
function isRealDay(day: string): boolean {
  const parsed = parse(day, DAY, new Date(0));
  return isValid(parsed) && format(parsed, DAY) === day;
}

/**
 * Turns the agent's followup into a concrete day (spec §5 "A followup of days or weeks from now
 * becomes a concrete day; minimum date is tomorrow"). Days and weeks are counted from today in
 * the agent's zone `input.tz` (both given: they add up); without either, `input.day` is used.
 * @param now the current instant.
 * @returns the stored followup_info, with `*_set` flags telling which way the day was chosen.
 * @throws ValidationError on `payload.day` with CALL_MESSAGES.followupPast when the day is before
 *   tomorrow in `tz`, or CALL_MESSAGES.followupMissing when it is not a real day.
 */
export function resolveFollowup(input: FollowupInput, now: Date): FollowupInfo {
  const today = localDay(now, input.tz);
  const daysSet = input.days_from_now !== undefined;
  const weeksSet = input.weeks_from_now !== undefined;
  let day: string;
  if (daysSet || weeksSet) {
    day = addDays(today, (input.days_from_now ?? 0) + 7 * (input.weeks_from_now ?? 0));
  } else {
    day = input.day ?? '';
    if (!isRealDay(day)) throw invalidField(CALL_MESSAGES.followupMissing, 'payload.day');
  }
  if (day < addDays(today, 1)) throw invalidField(CALL_MESSAGES.followupPast, 'payload.day');
  return {
    ...(daysSet ? { days_from_now: input.days_from_now } : {}),
    ...(weeksSet ? { weeks_from_now: input.weeks_from_now } : {}),
    days_from_now_set: daysSet,
    weeks_from_now_set: weeksSet,
    day,
    time: input.time,
    tz: input.tz,
  };
}
