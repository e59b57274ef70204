import { clientCampaignsInputSchema } from '#shared/contracts/campaigns.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildCampaignsDeps } from '../adapters/campaigns-deps';
import { clientCampaigns } from '../core/campaigns';
import type { CampaignsDeps } from '../core/ports';

/**
 * GET /ss_rest/client_campaigns?client_uid (spec §7 "Campaigns"): the campaigns of a client the
 * caller may view; 404 for a client the caller may not see.
 */
export function makeHandler(deps: CampaignsDeps) {
  return userRoute(clientCampaignsInputSchema, (input, { caller }) =>
    clientCampaigns(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildCampaignsDeps()));
