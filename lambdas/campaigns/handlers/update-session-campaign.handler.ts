import { updateSessionCampaignInputSchema } from '#shared/contracts/campaigns.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildCampaignsDeps } from '../adapters/campaigns-deps';
import type { CampaignsDeps } from '../core/ports';
import { updateSessionCampaign } from '../core/session-campaign';

/**
 * POST /ss_rest/update_session_campaign (spec §7; §3 "Report session: ... campaign"): scopes the
 * caller's report session to a campaign of the client, or clears it (campaign_uid null).
 */
export function makeHandler(deps: CampaignsDeps) {
  return userRoute(updateSessionCampaignInputSchema, (input, { caller }) =>
    updateSessionCampaign(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildCampaignsDeps()));
