import {
  type CallFollowup,
  type CallRecord,
  callStatusText,
  FOLLOWUPS_MAX_DAYS,
  type FollowupInfo,
} from '#shared/contracts/call-record';
import { addDays } from './followup-day';
import type { ActivityEntry } from './ports';

/**
 * Rules of the follow-up index ("Follow-ups due") shared by the record stores: which records are
 * in it, when a save moves, adds or removes their entry, and how entries are ordered. Pure.
 */

/** Where one entry sits in the index: its day partition and its place in the day. */
export interface FollowupSlot {
  id: string;
  day: string;
  /** The time, or '99:99' for "any time" so untimed follow-ups sort after the timed ones. */
  slot: string;
}

/** What a save does to the index: at most one entry removed and one put. */
export interface FollowupChange {
  remove: FollowupSlot | null;
  put: CallFollowup | null;
}

/** The sort key of a follow-up's time in its day. */
export const timeSlot = (time: string): string => time || '99:99';

/**
 * The follow-up still to be made on `record`, or null: status `followup` with a day. A
 * do-not-call advertiser is never due (nobody may call them back).
 */
export function pendingFollowup(record: CallRecord | null | undefined): FollowupInfo | null {
  if (record?.status !== 'followup' || record.do_not_call) return null;
  return record.followup_info?.day ? record.followup_info : null;
}

/** The index slot of `record`'s pending follow-up, or null. */
export function followupSlot(record: CallRecord | null | undefined): FollowupSlot | null {
  const f = pendingFollowup(record);
  return f && record ? { id: record.id, day: f.day, slot: timeSlot(f.time) } : null;
}

/** The index entry of `record`, set by `agentEmail`, or null when nothing is pending. */
export function followupEntry(record: CallRecord, agentEmail: string): CallFollowup | null {
  const f = pendingFollowup(record);
  if (!f) return null;
  return {
    id: record.id,
    name: record.name,
    industry: record.industry,
    day: f.day,
    time: f.time,
    tz: f.tz,
    agent_email: agentEmail,
    status_text: callStatusText(record),
  };
}

/**
 * How the index changes when `entry` turns `previous` into `next`. The old entry goes when its
 * slot is no longer the pending one (another day or time, or nothing pending any more); a new
 * entry is put when the slot is new, or when the agent set the follow-up again (it now names
 * them). Other saves on a pending record leave the entry, and who set it, alone.
 */
export function followupChange(
  previous: CallRecord,
  next: CallRecord,
  entry: ActivityEntry,
): FollowupChange {
  const before = followupSlot(previous);
  const after = followupSlot(next);
  const same =
    before !== null && after !== null && before.day === after.day && before.slot === after.slot;
  const put =
    !same || entry.activity === 'set_followup' ? followupEntry(next, entry.agent_email) : null;
  return { remove: before && !same ? before : null, put };
}

/** Index order: day, then time (untimed last), then name, then id. */
export function compareFollowups(a: CallFollowup, b: CallFollowup): number {
  return (
    a.day.localeCompare(b.day) ||
    timeSlot(a.time).localeCompare(timeSlot(b.time)) ||
    a.name.localeCompare(b.name) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The days from `fromDay` to `toDay` (YYYY-MM-DD), inclusive; none when `fromDay` is later.
 * @throws RangeError when a day is not YYYY-MM-DD or the range spans more than FOLLOWUPS_MAX_DAYS.
 */
export function followupDays(fromDay: string, toDay: string): string[] {
  const ymd = /^\d{4}-\d{2}-\d{2}$/;
  if (!ymd.test(fromDay) || !ymd.test(toDay))
    throw new RangeError(`follow-up days must be YYYY-MM-DD: ${fromDay}..${toDay}`);
  const days: string[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    if (days.length === FOLLOWUPS_MAX_DAYS)
      throw new RangeError(
        `at most ${FOLLOWUPS_MAX_DAYS} days of follow-ups: ${fromDay}..${toDay}`,
      );
    days.push(day);
  }
  return days;
}
