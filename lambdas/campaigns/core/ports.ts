import type { CompaniesRepository } from '#shared/companies/companies';
import type { Campaign } from '#shared/contracts/campaigns.schema';

/**
 * Storage of campaigns, under their client (CompaniesTable; adapters/dynamo-campaigns.ts, and
 * adapters/memory-campaigns.ts for tests). Every read names the client, so a campaign id of
 * another client finds nothing.
 */
export interface CampaignStore {
  /** The client's campaigns, in no particular order. */
  list(clientUid: string): Promise<Campaign[]>;
  /** The campaign, or null when the client has no such campaign. */
  get(clientUid: string, campaignUid: string): Promise<Campaign | null>;
  /** Creates or replaces the campaign. */
  put(campaign: Campaign): Promise<void>;
  /** Removes the campaign; removing an absent one is not an error. */
  remove(clientUid: string, campaignUid: string): Promise<void>;
}

/**
 * The campaign a user's report session is scoped to (spec §3 "Report session: ... campaign").
 * Keyed by user, client and session, so one user's session never scopes another's.
 */
export interface SessionCampaigns {
  getSession(userId: string, clientUid: string, sessionUid: string): Promise<string | null>;
  /** Sets the session's campaign; null clears it. */
  setSession(
    userId: string,
    clientUid: string,
    sessionUid: string,
    campaignUid: string | null,
  ): Promise<void>;
}

/** Everything the campaign routes need. */
export interface CampaignsDeps {
  companies: CompaniesRepository;
  campaigns: CampaignStore;
  sessions: SessionCampaigns;
  now: () => Date;
  newId: () => string;
}
