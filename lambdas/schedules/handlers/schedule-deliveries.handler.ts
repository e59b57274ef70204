import { scheduleDeliveriesInputSchema } from '#shared/contracts/schedules.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildScheduleDeps } from '../adapters/schedule-deps';
import type { ScheduleDeps } from '../core/ports';
import { scheduleDeliveries } from '../core/schedules';

type Deps = Pick<ScheduleDeps, 'companies' | 'deliveries'>;

/**
 * GET /ss_rest/schedule_deliveries?client_uid&schedule_id: `{ deliveries }`, newest period
 * first. 404 for a client the caller cannot see; 403 without the `schedule` permission.
 */
export function makeHandler(deps: () => Deps) {
  return userRoute(scheduleDeliveriesInputSchema, (input, { caller }) =>
    scheduleDeliveries(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let deps: Deps | undefined;
export const handler = makeHandler(() => {
  deps ??= buildScheduleDeps();
  return deps;
});
