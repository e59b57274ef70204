import type { ClsFollowups } from '#shared/contracts/call-centre.schema';
import type { CallFollowup } from '#shared/contracts/call-record';
import { addDays } from './followup-day';
import type { CallCentreDeps } from './ports';

/**
 * GET cls_followups (ours, "Follow-ups due"): whom the agents should call back. The schema has
 * already checked `today` (the agent's local day) and kept the range within FOLLOWUPS_MAX_DAYS.
 * The index is kept by every save from the day it shipped; records that had a follow-up before
 * were not backfilled (there was no production data yet).
 *
 * Steps: 1. Turn today, days_back and days_ahead into a day range. 2. Read the follow-up index
 * for those days, by day, then time (untimed last), then name.
 */
export async function followupsDue(
  deps: Pick<CallCentreDeps, 'records'>,
  input: ClsFollowups,
): Promise<CallFollowup[]> {
  const from = addDays(input.today, -input.days_back);
  const to = addDays(input.today, input.days_ahead);
  return deps.records.followupsDue(from, to);
}
