import { createCampaignInputSchema } from '#shared/contracts/campaigns.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildCampaignsDeps } from '../adapters/campaigns-deps';
import { createCampaign } from '../core/campaigns';
import type { CampaignsDeps } from '../core/ports';

/**
 * POST /ss_rest/create_campaign (spec §7 "Campaigns"): a new campaign of a client the caller
 * may edit; answers `{ client_uid, campaigns, campaign }`. 400 naming the field, 403 without edit,
 * 404 for a client the caller may not see, 409 past the per-client maximum.
 */
export function makeHandler(deps: CampaignsDeps) {
  return userRoute(createCampaignInputSchema, (input, { caller }) =>
    createCampaign(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildCampaignsDeps()));
