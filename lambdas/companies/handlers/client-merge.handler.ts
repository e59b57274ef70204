import { clientMergeInputSchema } from '#shared/contracts/company-client.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildMergeDeps } from '../adapters/client-deps';
import { clientMerge } from '../core/client-merge';
import type { MergeDeps } from '../core/client-ports';

/**
 * POST /ss_rest/client_merge (spec §7): `{ from_client_uid, into_client_uid }` -> what moved
 * into the kept client; the merged one answers 404 afterwards. Perm edit on both (the merged
 * client: 404 when the caller cannot see it; the kept one: 400 on into_client_uid when unknown or
 * unseen; 403 without edit); 400 for clients of different organisations or a merged client
 * connected to Google Analytics.
 */
export function makeHandler(deps: () => MergeDeps) {
  return userRoute(clientMergeInputSchema, (input, { caller }) =>
    clientMerge(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let deps: MergeDeps | undefined;
export const handler = makeHandler(() => {
  deps ??= buildMergeDeps();
  return deps;
});
