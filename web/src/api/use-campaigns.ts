import useSWR, { mutate as mutateGlobal } from 'swr';
import type { ZodType } from 'zod';
import {
  type Campaign,
  type ClientCampaignsResult,
  type CreateCampaignInput,
  campaignSchema,
  clientCampaignsResultSchema,
  type SessionCampaignResult,
  sessionCampaignResultSchema,
  type UpdateCampaignInput,
  type UpdateSessionCampaignInput,
} from '#shared/contracts/campaigns.schema';
import { ApiError, callRoute } from './client';

/**
 * A client's campaigns (spec §7 "Campaigns": create_campaign, update_campaign,
 * client_campaigns, update_session_campaign), checked against the shared contract
 * (layers/shared/contracts/campaigns.schema.ts). Every change refreshes the client's list.
 */

/** Calls a route and checks its result. @throws ApiError (`invalid_result` on a contract break) */
async function call<T>(name: string, input: Record<string, unknown>, schema: ZodType<T>) {
  const parsed = schema.safeParse(await callRoute<unknown>(name, input));
  if (!parsed.success) throw new ApiError('This answer could not be read.', 'invalid_result', 200);
  return parsed.data;
}

/** The SWR key of a client's campaign list. */
export const campaignsKey = (clientUid: string) =>
  ['client_campaigns', { client_uid: clientUid }] as const;

/** client_campaigns (GET { client_uid }): newest flight first. @throws ApiError */
export function fetchCampaigns(input: { client_uid: string }): Promise<ClientCampaignsResult> {
  return call('client_campaigns', input, clientCampaignsResultSchema);
}

/** create_campaign (POST). @throws ApiError (field errors name the field). */
export async function createCampaign(input: CreateCampaignInput): Promise<Campaign> {
  const result = await call(
    'create_campaign',
    { ...input },
    clientCampaignsResultSchema.extend({ campaign: campaignSchema }),
  );
  await mutateGlobal(campaignsKey(input.client_uid), result, { revalidate: false });
  return result.campaign;
}

/** update_campaign (POST; a patch, or `delete: true`). @throws ApiError */
export async function updateCampaign(input: UpdateCampaignInput): Promise<ClientCampaignsResult> {
  const result = await call('update_campaign', { ...input }, clientCampaignsResultSchema);
  await mutateGlobal(campaignsKey(input.client_uid), result, { revalidate: false });
  return result;
}

/** update_session_campaign (POST): the report session's campaign, or null. @throws ApiError */
export function updateSessionCampaign(
  input: UpdateSessionCampaignInput,
): Promise<SessionCampaignResult> {
  return call('update_session_campaign', { ...input }, sessionCampaignResultSchema);
}

/** The campaigns of a client; no client -> no request. */
export function useCampaigns(clientUid: string | undefined) {
  return useSWR(clientUid ? campaignsKey(clientUid) : null, ([, input]) => fetchCampaigns(input), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
