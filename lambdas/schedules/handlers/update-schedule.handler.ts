import { updateScheduleInputSchema } from '#shared/contracts/schedules.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildScheduleDeps } from '../adapters/schedule-deps';
import type { ScheduleDeps } from '../core/ports';
import { updateSchedule } from '../core/schedules';

/**
 * POST /ss_rest/update_schedule (spec §7): `{ schedule_id, client_uid, ...patch }` (`{ delete:
 * true }` deletes, `{ paused }` pauses or resumes) -> `{ result: { client_info: {
 * report_schedules } } }`. 404 for a client or schedule the caller cannot see; 403 as
 * create_schedule; 400 naming the field.
 */
export function makeHandler(deps: () => ScheduleDeps) {
  return userRoute(updateScheduleInputSchema, (input, { caller }) =>
    updateSchedule(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let deps: ScheduleDeps | undefined;
export const handler = makeHandler(() => {
  deps ??= buildScheduleDeps();
  return deps;
});
