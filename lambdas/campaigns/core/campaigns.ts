import type { z } from 'zod';
import type { Caller } from '#shared/auth/caller';
import { readableClient, writableClient } from '#shared/companies/companies';
import {
  CAMPAIGNS_PER_CLIENT_MAX,
  type Campaign,
  type ClientCampaignsResult,
  campaignInputSchema,
  type createCampaignInputSchema,
  type updateCampaignInputSchema,
} from '#shared/contracts/campaigns.schema';
import { Conflict, NotFound, ValidationError } from '#shared/errors';
import type { CampaignsDeps } from './ports';

/** The client's campaigns, newest flight first, then by name (the manager's and chip's order). */
async function listOf(deps: CampaignsDeps, clientUid: string): Promise<ClientCampaignsResult> {
  const campaigns = await deps.campaigns.list(clientUid);
  campaigns.sort(
    (a, b) => b.flight_start.localeCompare(a.flight_start) || a.name.localeCompare(b.name),
  );
  return { client_uid: clientUid, campaigns };
}

/**
 * client_campaigns (spec §7 "Campaigns"): the campaigns of a client the caller may view.
 * @throws NotFound ('Client') for an unknown client or one the caller may not view (another
 *   customer's client answers the same 404).
 */
export async function clientCampaigns(
  deps: CampaignsDeps,
  caller: Caller,
  input: { client_uid: string },
): Promise<ClientCampaignsResult> {
  const client = await readableClient(deps.companies, caller, input.client_uid);
  return listOf(deps, client.client_uid);
}

/**
 * create_campaign (spec §7 "Campaigns"): a new campaign of a client the caller may edit.
 * Steps: 1. load the client with `edit`; 2. refuse past {@link CAMPAIGNS_PER_CLIENT_MAX}
 * campaigns; 3. store it with a new uid and UTC timestamps; 4. answer the client's campaigns.
 * @throws NotFound ('Client') when invisible; Forbidden without `edit` (a demo client, a view
 *   share); Conflict when the client already holds the maximum.
 */
export async function createCampaign(
  deps: CampaignsDeps,
  caller: Caller,
  input: z.output<typeof createCampaignInputSchema>,
): Promise<ClientCampaignsResult & { campaign: Campaign }> {
  const client = await writableClient(deps.companies, caller, input.client_uid);
  const existing = await deps.campaigns.list(client.client_uid);
  if (existing.length >= CAMPAIGNS_PER_CLIENT_MAX)
    throw new Conflict(
      `A client may hold at most ${CAMPAIGNS_PER_CLIENT_MAX} campaigns; delete an old one first.`,
    );
  const at = deps.now().toISOString();
  const { client_uid: _c, ...fields } = input;
  const campaign: Campaign = {
    ...fields,
    campaign_uid: deps.newId(),
    client_uid: client.client_uid,
    created_at: at,
    updated_at: at,
  };
  await deps.campaigns.put(campaign);
  return { ...(await listOf(deps, client.client_uid)), campaign };
}

/**
 * update_campaign (spec §7 "Campaigns"): patches a campaign, or deletes it with
 * `{ delete: true }`. The patched campaign is validated whole again (the flight cannot end
 * before it starts after a one-sided patch); nothing is written when it fails.
 * @throws NotFound ('Client') when invisible, ('Campaign') when the client has no such campaign;
 *   Forbidden without `edit`; ValidationError naming the field.
 */
export async function updateCampaign(
  deps: CampaignsDeps,
  caller: Caller,
  input: z.output<typeof updateCampaignInputSchema>,
): Promise<ClientCampaignsResult> {
  const client = await writableClient(deps.companies, caller, input.client_uid);
  const current = await deps.campaigns.get(client.client_uid, input.campaign_uid);
  if (!current) throw new NotFound('Campaign');
  if (input.delete) {
    await deps.campaigns.remove(client.client_uid, current.campaign_uid);
    return listOf(deps, client.client_uid);
  }
  const { client_uid: _c, campaign_uid: _k, delete: _d, ...patch } = input;
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = campaignInputSchema.safeParse({ ...pickFields(current), ...defined });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw new ValidationError(issue?.message ?? 'Invalid campaign.', issue?.path.join('.'));
  }
  await deps.campaigns.put({
    ...current,
    ...merged.data,
    updated_at: deps.now().toISOString(),
  });
  return listOf(deps, client.client_uid);
}

/** The editable fields of a stored campaign. */
function pickFields(c: Campaign) {
  const { campaign_uid: _k, client_uid: _c, created_at: _a, updated_at: _u, ...fields } = c;
  return fields;
}
