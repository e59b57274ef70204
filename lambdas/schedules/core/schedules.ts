import type { Caller } from '#shared/auth/caller';
import { type ClientRecord, clientWithPerms } from '#shared/companies/companies';
import type {
  Delivery,
  Schedule,
  ScheduleInput,
  ScheduleResult,
  UpdateScheduleInput,
} from '#shared/contracts/schedules.schema';
import { Conflict, Forbidden, NotFound, ValidationError } from '#shared/errors';
import { nextOccurrence } from './periods';
import type { ScheduleDeps } from './ports';

/**
 * Scheduled deliveries (spec §7 create_schedule, update_schedule; §3 "Client info"
 * report_schedules): who may schedule, and creating, changing, pausing and deleting a client's
 * schedules with their triggers kept in step.
 */

/** At most this many schedules per client. */
export const MAX_SCHEDULES_PER_CLIENT = 25;

/** Said when the account lacks the Schedule feature. */
export const SCHEDULE_FEATURE_LOCKED =
  'Scheduled deliveries are part of the Schedule feature, included with Advertiser Insights: upgrade your plan to schedule reports.';

/**
 * The client, if the caller may schedule its reports: the `schedule` permission on the client
 * AND the `pro_schedule` flag of the caller's available_products (staff need no flag).
 * @throws NotFound('Client') when it does not exist or the caller cannot see it; Forbidden (403)
 *   naming the missing permission, or {@link SCHEDULE_FEATURE_LOCKED}.
 */
export async function schedulingClient(
  deps: Pick<ScheduleDeps, 'companies' | 'features'>,
  caller: Caller,
  clientUid: string,
): Promise<ClientRecord> {
  const { client } = await clientWithPerms(deps.companies, caller, clientUid, 'schedule');
  if (caller.staff) return client;
  const flags = await deps.features.availableProducts(caller.userId);
  if (!flags.pro_schedule) throw new Forbidden(SCHEDULE_FEATURE_LOCKED);
  return client;
}

/** The schedule with its next run (UTC ISO) as of `now`; null while paused. */
export function withNextRun(schedule: Schedule, now: Date): Schedule {
  const next = schedule.paused ? null : nextOccurrence(schedule, now);
  return { ...schedule, next_run_at: next ? next.toISOString() : null };
}

/** The client's schedules, oldest first, each with its next run as of now. */
export async function schedulesOf(
  deps: Pick<ScheduleDeps, 'schedules' | 'now'>,
  clientUid: string,
): Promise<Schedule[]> {
  const now = deps.now();
  return (await deps.schedules.listSchedules(clientUid)).map((s) => withNextRun(s, now));
}

const answer = async (
  deps: Pick<ScheduleDeps, 'schedules' | 'now'>,
  clientUid: string,
): Promise<ScheduleResult> => ({
  result: { client_info: { report_schedules: await schedulesOf(deps, clientUid) } },
});

/**
 * A family scoped to a campaign must name one of the client's own campaigns.
 * @throws ValidationError (field `what.campaign_uid`) otherwise.
 */
async function checkCampaign(
  deps: Pick<ScheduleDeps, 'campaigns'>,
  clientUid: string,
  what: Schedule['what'],
): Promise<void> {
  if (what.kind === 'report' || !what.campaign_uid) return;
  if (await deps.campaigns.get(clientUid, what.campaign_uid)) return;
  throw new ValidationError(
    "what.campaign_uid: that campaign is not one of this client's.",
    'what.campaign_uid',
  );
}

/**
 * Stores a schedule and arms its trigger; when the trigger cannot be set, the stored schedule is
 * put back as it was (`previous`, or removed), so nothing is half-applied.
 */
async function storeAndArm(
  deps: Pick<ScheduleDeps, 'schedules' | 'triggers'>,
  schedule: Schedule,
  previous: Schedule | null,
): Promise<void> {
  await deps.schedules.putSchedule(schedule);
  try {
    await deps.triggers.put(schedule);
  } catch (error) {
    if (previous) await deps.schedules.putSchedule(previous);
    else await deps.schedules.deleteSchedule(schedule.client_uid, schedule.schedule_id);
    throw error;
  }
}

/**
 * create_schedule. Steps: 1. the caller may schedule the client (schedulingClient); 2. a
 * campaign named is the client's; 3. at most {@link MAX_SCHEDULES_PER_CLIENT}; 4. store it owned
 * by the caller and arm its trigger.
 * @returns the client's schedules after the change.
 * @throws as schedulingClient; ValidationError (what.campaign_uid) for another client's or an
 *   unknown campaign; Conflict when the client already has the maximum.
 */
export async function createSchedule(
  deps: ScheduleDeps,
  caller: Caller,
  input: ScheduleInput,
): Promise<ScheduleResult> {
  await schedulingClient(deps, caller, input.client_uid);
  await checkCampaign(deps, input.client_uid, input.what);
  const existing = await deps.schedules.listSchedules(input.client_uid);
  if (existing.length >= MAX_SCHEDULES_PER_CLIENT)
    throw new Conflict(
      `A client has at most ${MAX_SCHEDULES_PER_CLIENT} schedules: delete one first.`,
    );
  const now = deps.now();
  const at = now.toISOString();
  const schedule = withNextRun(
    {
      ...input,
      schedule_id: deps.newId(),
      owner_user_id: caller.userId,
      owner_email: caller.email ?? '',
      created_at: at,
      updated_at: at,
      next_run_at: null,
    },
    now,
  );
  await storeAndArm(deps, schedule, null);
  return answer(deps, input.client_uid);
}

/**
 * update_schedule: `delete: true` deletes the schedule, its trigger and its history (nothing
 * when it is already gone); otherwise
 * the given fields replace the stored ones (`paused` pauses or resumes) and the trigger is
 * re-armed. Steps: 1. the caller may schedule the client; 2. the schedule is the client's;
 * 3. apply.
 * @throws as schedulingClient; NotFound('Schedule') when changing a schedule not of this
 *   client; ValidationError (recipients) when resuming a schedule without recipients.
 */
export async function updateSchedule(
  deps: ScheduleDeps,
  caller: Caller,
  input: UpdateScheduleInput,
): Promise<ScheduleResult> {
  await schedulingClient(deps, caller, input.client_uid);
  const old = await deps.schedules.getSchedule(input.client_uid, input.schedule_id);
  if (input.delete) {
    // Deleting is idempotent: a schedule already gone (or never this client's) is left alone,
    // and its id's trigger is only removed when the schedule really is this client's.
    if (old) {
      await deps.triggers.remove(old.schedule_id);
      await deps.schedules.deleteSchedule(old.client_uid, old.schedule_id);
    }
    return answer(deps, input.client_uid);
  }
  if (!old) throw new NotFound('Schedule');
  if (input.what) await checkCampaign(deps, input.client_uid, input.what);
  const { delete: _d, schedule_id: _s, client_uid: _c, ...patch } = input;
  const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const now = deps.now();
  const next = withNextRun({ ...old, ...fields, updated_at: now.toISOString() }, now);
  if (!next.paused && next.recipients.length === 0)
    throw new ValidationError(
      'recipients: add at least one e-mail address before resuming.',
      'recipients',
    );
  await storeAndArm(deps, next, old);
  return answer(deps, input.client_uid);
}

/**
 * GET schedule_deliveries: a schedule's delivery history, newest period first (none for a
 * schedule id that is not this client's: history is only ever read under the client's own
 * partition). Needs the `schedule` permission on the client (the history names recipients) but
 * not the Schedule feature, so an account that lost it still sees what was sent.
 * @throws NotFound('Client') / Forbidden as clientWithPerms.
 */
export async function scheduleDeliveries(
  deps: Pick<ScheduleDeps, 'companies' | 'deliveries'>,
  caller: Caller,
  input: { client_uid: string; schedule_id: string },
): Promise<{ deliveries: Delivery[] }> {
  await clientWithPerms(deps.companies, caller, input.client_uid, 'schedule');
  return { deliveries: await deps.deliveries.listDeliveries(input.client_uid, input.schedule_id) };
}
