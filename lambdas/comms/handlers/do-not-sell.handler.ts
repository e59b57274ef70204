import { doNotSellSchema } from '#shared/contracts/comms.schema';
import { publicRoute } from '#shared/http/route-handler';
import { commsDeps } from '../adapters/comms-deps';
import type { CommsDeps } from '../core/ports';
import { requestDoNotSell } from '../core/request-do-not-sell';
import { requestMeta } from './request-meta';

/**
 * POST /ss_rest/do_not_sell (spec §7): stores the request with its 10-business-day due date,
 * mails the team and acknowledges to the requester. 400 with the spec §5 message of the first
 * bad field; 429 past the throttle; 200 `{ result: { message } }`.
 */
export function makeHandler(deps: () => CommsDeps) {
  return publicRoute(doNotSellSchema, (input, { event }) =>
    requestDoNotSell(deps(), input, requestMeta(event)),
  );
}

export const handler = makeHandler(commsDeps);
