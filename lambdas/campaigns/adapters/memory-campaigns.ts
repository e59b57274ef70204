import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { CampaignStore, SessionCampaigns } from '../core/ports';

/** In-memory CampaignStore and SessionCampaigns (tests; same binding to the client as Dynamo). */
export class MemoryCampaigns implements CampaignStore, SessionCampaigns {
  private readonly campaigns = new Map<string, Campaign>();
  private readonly sessions = new Map<string, string>();

  async list(clientUid: string): Promise<Campaign[]> {
    return [...this.campaigns.values()]
      .filter((c) => c.client_uid === clientUid)
      .map((c) => structuredClone(c));
  }

  async get(clientUid: string, campaignUid: string): Promise<Campaign | null> {
    const found = this.campaigns.get(`${clientUid}/${campaignUid}`);
    return found ? structuredClone(found) : null;
  }

  async put(campaign: Campaign): Promise<void> {
    this.campaigns.set(
      `${campaign.client_uid}/${campaign.campaign_uid}`,
      structuredClone(campaign),
    );
  }

  async remove(clientUid: string, campaignUid: string): Promise<void> {
    this.campaigns.delete(`${clientUid}/${campaignUid}`);
  }

  async getSession(userId: string, clientUid: string, sessionUid: string) {
    return this.sessions.get(`${userId}/${clientUid}/${sessionUid}`) ?? null;
  }

  async setSession(
    userId: string,
    clientUid: string,
    sessionUid: string,
    campaignUid: string | null,
  ): Promise<void> {
    const key = `${userId}/${clientUid}/${sessionUid}`;
    if (campaignUid === null) this.sessions.delete(key);
    else this.sessions.set(key, campaignUid);
  }
}
