import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { stripKeys } from '#shared/aws/item-keys';
import { queryAll } from '#shared/aws/query-all';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { CampaignStore, SessionCampaigns } from '../core/ports';

const campaignKey = (clientUid: string, campaignUid: string) => ({
  pk: `CLIENT#${clientUid}`,
  sk: `CAMPAIGN#${campaignUid}`,
});

/** How long a report session keeps its campaign without being set again (30 days, seconds). */
export const SESSION_CAMPAIGN_TTL_S = 30 * 86_400;

/**
 * CampaignStore and SessionCampaigns on the CompaniesTable, under the client's partition:
 * - campaign          pk CLIENT#<client_uid>  sk CAMPAIGN#<campaign_uid>
 * - session campaign  pk CLIENT#<client_uid>  sk SESSION_CAMPAIGN#<user_id>#<session_uid>
 *   { campaign_uid, expires_at } (TTL: 30 days after the last set)
 * The client's partition binds every campaign to its client: a campaign uid of another client
 * finds nothing.
 */
export class DynamoCampaigns implements CampaignStore, SessionCampaigns {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(clientUid: string): Promise<Campaign[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
      ExpressionAttributeValues: { ':pk': `CLIENT#${clientUid}`, ':c': 'CAMPAIGN#' },
    });
    return items.map((item) => stripKeys<Campaign>(item));
  }

  async get(clientUid: string, campaignUid: string): Promise<Campaign | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: campaignKey(clientUid, campaignUid) }),
    );
    return out.Item ? stripKeys<Campaign>(out.Item) : null;
  }

  async put(campaign: Campaign): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...campaignKey(campaign.client_uid, campaign.campaign_uid), ...campaign },
      }),
    );
  }

  async remove(clientUid: string, campaignUid: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: campaignKey(clientUid, campaignUid) }),
    );
  }

  private sessionKey(userId: string, clientUid: string, sessionUid: string) {
    return { pk: `CLIENT#${clientUid}`, sk: `SESSION_CAMPAIGN#${userId}#${sessionUid}` };
  }

  async getSession(userId: string, clientUid: string, sessionUid: string) {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: this.sessionKey(userId, clientUid, sessionUid),
      }),
    );
    const uid = out.Item?.campaign_uid;
    const expires = Number(out.Item?.expires_at ?? 0);
    // TTL deletion lags by up to days: an expired item reads as absent.
    return typeof uid === 'string' && expires * 1000 > this.now().getTime() ? uid : null;
  }

  async setSession(
    userId: string,
    clientUid: string,
    sessionUid: string,
    campaignUid: string | null,
  ): Promise<void> {
    const Key = this.sessionKey(userId, clientUid, sessionUid);
    if (campaignUid === null) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key }));
      return;
    }
    const expires_at = Math.floor(this.now().getTime() / 1000) + SESSION_CAMPAIGN_TTL_S;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Key, campaign_uid: campaignUid, expires_at },
      }),
    );
  }
}
