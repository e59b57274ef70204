import { scheduleInputSchema } from '#shared/contracts/schedules.schema';
import { type Authenticators, userRoute } from '#shared/http/route-handler';
import { buildScheduleDeps } from '../adapters/schedule-deps';
import type { ScheduleDeps } from '../core/ports';
import { createSchedule } from '../core/schedules';

/**
 * POST /ss_rest/create_schedule (spec §7): a ScheduleInput -> `{ result: { client_info: {
 * report_schedules } } }`. 404 for a client the caller cannot see; 403 without the `schedule`
 * permission or the account's Schedule feature; 400 naming the field.
 */
export function makeHandler(deps: () => ScheduleDeps, authenticators?: Authenticators) {
  return userRoute(
    scheduleInputSchema,
    (input, { caller }) => createSchedule(deps(), caller, input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
let deps: ScheduleDeps | undefined;
export const handler = makeHandler(() => {
  deps ??= buildScheduleDeps();
  return deps;
});
