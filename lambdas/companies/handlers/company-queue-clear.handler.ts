import { companyQueueClearInputSchema } from '#shared/contracts/company-queue.schema';
import { userRoute } from '#shared/http/route-handler';
import { queueDeps } from '../adapters/queue-deps';
import { type CompanyQueueDeps, companyQueueClear } from '../core/company-queue';

/**
 * POST /ss_rest/company_queue_clear (spec §4 "Queues can be cleared whole or per item"): hides
 * the caller's finished items (one `id`, or all) of the user queue or of one client's queue;
 * running jobs stay listed and go on. `{ cleared }`. 404 for a client the caller cannot view.
 */
export function makeHandler(deps: () => CompanyQueueDeps) {
  return userRoute(companyQueueClearInputSchema, (input, { caller }) =>
    companyQueueClear(deps(), caller, input),
  );
}

export const handler = makeHandler(queueDeps);
