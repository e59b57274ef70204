import { companyQueueInputSchema } from '#shared/contracts/company-queue.schema';
import { userRoute } from '#shared/http/route-handler';
import { queueDeps } from '../adapters/queue-deps';
import { type CompanyQueueDeps, companyQueueMonitor } from '../core/company-queue';

/**
 * POST /ss_rest/company_queue_monitor (spec §7; the tasks panel polls it every 10 s while any
 * item is incomplete): `{ user, client, version }` (layers/shared/contracts/company-queue.schema.ts).
 * 404 when current_report_client_uid is not a client the caller can view.
 */
export function makeHandler(deps: () => CompanyQueueDeps) {
  return userRoute(companyQueueInputSchema, (input, { caller }) =>
    companyQueueMonitor(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(queueDeps);
