import { updateCampaignInputSchema } from '#shared/contracts/campaigns.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildCampaignsDeps } from '../adapters/campaigns-deps';
import { updateCampaign } from '../core/campaigns';
import type { CampaignsDeps } from '../core/ports';

/**
 * POST /ss_rest/update_campaign (spec §7 "Campaigns"): patches a campaign, or deletes it with
 * `{ delete: true }`; answers the client's campaigns. 400 naming the field, 403 without edit, 404
 * for a client the caller may not see or a campaign the client does not hold.
 */
export function makeHandler(deps: CampaignsDeps) {
  return userRoute(updateCampaignInputSchema, (input, { caller }) =>
    updateCampaign(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildCampaignsDeps()));
