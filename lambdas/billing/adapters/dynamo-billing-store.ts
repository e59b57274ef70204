import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '#shared/aws/conditional-write';
import { stripKeys } from '#shared/aws/item-keys';
import { queryAll } from '#shared/aws/query-all';
import { summaryRemove, summarySet, transactWithSummary } from '#shared/aws/summary-item';
import {
  BILLING_KEYS,
  completeSubscriptionSummary,
  DynamoSubscriptionReader,
  summaryAttribute,
} from '#shared/billing/dynamo-subscriptions';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { BillingAccount, BillingStore } from '../core/ports';

/**
 * BillingStore on DynamoDB. The billing account, subscription copies and customer index live in
 * the CompaniesTable (layout in layers/shared/billing/dynamo-subscriptions.ts BILLING_KEYS); the
 * processed webhook events in the SessionsTable: pk `STRIPE_EVENT#<evt_id>`, sk `CLAIM`, TTL
 * attribute `expires_at` (epoch seconds). A claim is a conditional put that also succeeds over
 * an expired claim (DynamoDB deletes expired items only eventually).
 */
export class DynamoBillingStore implements BillingStore {
  private readonly reader: DynamoSubscriptionReader;

  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly tables: { companies: string; sessions: () => string },
    private readonly nowS: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.reader = new DynamoSubscriptionReader(db, tables.companies);
  }

  async getAccount(orgUid: string): Promise<BillingAccount | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tables.companies, Key: BILLING_KEYS.account(orgUid) }),
    );
    return out.Item ? stripKeys<BillingAccount>(out.Item) : null;
  }

  async updateAccount(
    orgUid: string,
    patch: Partial<Omit<BillingAccount, 'organization_uid'>>,
  ): Promise<void> {
    const fields: Record<string, unknown> = { ...patch, organization_uid: orgUid };
    if (patch.stripe_customer_id) {
      fields.gsi1pk = BILLING_KEYS.customersIndex;
      fields.gsi1sk = `ORG#${orgUid}`;
    }
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    await this.db.send(
      new UpdateCommand({
        TableName: this.tables.companies,
        Key: BILLING_KEYS.account(orgUid),
        UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      }),
    );
    if (patch.stripe_customer_id)
      await this.db.send(
        new PutCommand({
          TableName: this.tables.companies,
          Item: { ...BILLING_KEYS.customer(patch.stripe_customer_id), organization_uid: orgUid },
        }),
      );
  }

  async orgOfCustomer(customerId: string): Promise<string | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tables.companies, Key: BILLING_KEYS.customer(customerId) }),
    );
    return typeof out.Item?.organization_uid === 'string' ? out.Item.organization_uid : null;
  }

  async customers(): Promise<{ organization_uid: string; customer_id: string }[]> {
    const out: { organization_uid: string; customer_id: string }[] = [];
    const items = await queryAll(this.db, {
      TableName: this.tables.companies,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': BILLING_KEYS.customersIndex },
    });
    for (const item of items) {
      if (typeof item.stripe_customer_id === 'string')
        out.push({
          organization_uid: String(item.organization_uid),
          customer_id: item.stripe_customer_id,
        });
    }
    return out;
  }

  subscriptionsOf(orgUid: string): Promise<SubscriptionRecord[]> {
    return this.reader.subscriptionsOf(orgUid);
  }

  /**
   * Newest read wins: a copy read from Stripe before the stored one is dropped. The copy and its
   * attribute in the organisation's summary are written in one transaction (BILLING_KEYS.summary),
   * and the summary is then made complete if it was not.
   */
  async putSubscription(record: SubscriptionRecord): Promise<void> {
    const org = record.organization_uid;
    try {
      await transactWithSummary(this.db, [
        {
          Put: {
            TableName: this.tables.companies,
            Item: { ...BILLING_KEYS.subscription(org, record.subscription_uid), ...record },
            ConditionExpression: 'attribute_not_exists(pk) OR synced_at <= :synced',
            ExpressionAttributeValues: { ':synced': record.synced_at },
          },
        },
        summarySet(
          this.tables.companies,
          BILLING_KEYS.summary(org),
          summaryAttribute(record.subscription_uid),
          record,
        ),
      ]);
    } catch (error) {
      // The copy's own condition failed: an older read from Stripe, dropped.
      if (cancellationReasons(error)[0] === 'ConditionalCheckFailed') return;
      throw error;
    }
    await completeSubscriptionSummary(this.db, this.tables.companies, org);
  }

  /** Deletes the copy and its attribute in the organisation's summary in one transaction. */
  async deleteSubscription(orgUid: string, subscriptionUid: string): Promise<void> {
    await transactWithSummary(this.db, [
      {
        Delete: {
          TableName: this.tables.companies,
          Key: BILLING_KEYS.subscription(orgUid, subscriptionUid),
        },
      },
      summaryRemove(
        this.tables.companies,
        BILLING_KEYS.summary(orgUid),
        summaryAttribute(subscriptionUid),
      ),
    ]);
    await completeSubscriptionSummary(this.db, this.tables.companies, orgUid);
  }

  async claimEvent(eventId: string, ttlS: number): Promise<boolean> {
    const now = this.nowS();
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tables.sessions(),
          Item: { pk: `STRIPE_EVENT#${eventId}`, sk: 'CLAIM', expires_at: now + ttlS },
          ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async releaseEvent(eventId: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({
        TableName: this.tables.sessions(),
        Key: { pk: `STRIPE_EVENT#${eventId}`, sk: 'CLAIM' },
      }),
    );
  }
}
