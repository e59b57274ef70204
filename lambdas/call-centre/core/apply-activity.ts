import type { ClsActivity } from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';
import { type ActivityEffect, planActivity } from './activity-rules';
import { saveBusy } from './errors';
import { getRecord } from './get-record';
import type { ActivityEntry, CallCentreDeps } from './ports';

/** Saves lost to someone else's save before the agent is asked to try again. */
export const MAX_SAVE_TRIES = 3;

/** The agent saving (Cognito sub and e-mail; '' when the token has none). */
export interface Agent {
  sub: string;
  email: string;
}

/**
 * POST cls_activity (spec §7: client_id, activity, payload; result.record; spec §4 "Call
 * activities saved").
 *
 * Steps:
 * 1. Load the record (404 when missing).
 * 2. A retried save (activity_id already in the record's history) returns the record as it is:
 *    nothing changes twice, no second mail or CRM hand-off.
 * 3. Plan the next record and its side effects (activity-rules.ts; refusals and 400s here).
 * 4. Perform the side effects (mail, CRM hand-off) BEFORE saving: a failed mail or hand-off
 *    saves nothing, so the agent's retry with the same activity_id does it all again, and a
 *    saved activity always had its effects (at least once; the CRM de-duplicates on handoff_id).
 * 5. Save conditionally on the loaded version together with the history entry. On 'conflict'
 *    reload and plan again (up to MAX_SAVE_TRIES; effects already performed in this request are
 *    not repeated); on 'duplicate' return the stored record.
 * @returns `{ record }`: the record as saved.
 * @throws AppError 404 `not_found`, 409 `do_not_call` / `already_signed_up` / `conflict` (after
 *   MAX_SAVE_TRIES lost saves), ValidationError (see planActivity); mailer and CRM errors as is.
 */
export async function applyActivity(
  deps: CallCentreDeps,
  input: ClsActivity,
  agent: Agent,
): Promise<{ record: CallRecord }> {
  let record = await getRecord(deps, { client_id: input.client_id });
  if (input.activity_id && (await deps.records.hasActivity(record.id, input.activity_id)))
    return { record };

  const activityId = input.activity_id ?? deps.newId();
  const performed = new Set<ActivityEffect['kind']>();
  for (let attempt = 1; attempt <= MAX_SAVE_TRIES; attempt++) {
    const now = deps.now();
    const entry: ActivityEntry = {
      activity_id: activityId,
      activity: input.activity,
      agent_sub: agent.sub,
      agent_email: agent.email,
      at: now.toISOString(),
    };
    const plan = planActivity(record, input, { entry, now, appOrigin: deps.appOrigin });
    for (const effect of plan.effects) {
      if (performed.has(effect.kind)) continue;
      if (effect.kind === 'mail') await deps.mailer.send(effect.message);
      else await deps.crm.send(effect.handoff);
      performed.add(effect.kind);
    }
    const outcome = await deps.records.saveActivity(plan.next, record, entry);
    if (outcome === 'saved') return { record: plan.next };
    record = await getRecord(deps, { client_id: input.client_id });
    if (outcome === 'duplicate') return { record };
  }
  throw saveBusy();
}
