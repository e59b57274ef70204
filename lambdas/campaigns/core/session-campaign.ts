import type { Caller } from '#shared/auth/caller';
import { readableClient } from '#shared/companies/companies';
import type { SessionCampaignResult } from '#shared/contracts/campaigns.schema';
import { NotFound } from '#shared/errors';
import type { CampaignsDeps } from './ports';

/**
 * update_session_campaign (spec §7; spec §3 "Report session: ... campaign"): scopes the caller's
 * report session of a client to one of the client's campaigns, or clears it (null). Scoping a
 * report is reading it, so `view` is enough. The session is the caller's own: it is stored
 * under the caller's id, so no one can scope another user's session.
 * @throws NotFound ('Client') for a client the caller may not view; ('Campaign') for a campaign
 *   the client does not hold (another client's campaign id finds nothing).
 */
export async function updateSessionCampaign(
  deps: CampaignsDeps,
  caller: Caller,
  input: { session_uid: string; client_uid: string; campaign_uid: string | null },
): Promise<SessionCampaignResult> {
  const client = await readableClient(deps.companies, caller, input.client_uid);
  const campaign = input.campaign_uid
    ? await deps.campaigns.get(client.client_uid, input.campaign_uid)
    : null;
  if (input.campaign_uid && !campaign) throw new NotFound('Campaign');
  await deps.sessions.setSession(
    caller.userId,
    client.client_uid,
    input.session_uid,
    campaign?.campaign_uid ?? null,
  );
  return { session_uid: input.session_uid, client_uid: client.client_uid, campaign };
}
