import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { stripKeys } from '../aws/item-keys';
import { queryAll } from '../aws/query-all';
import { completeSummary, summaryMembers } from '../aws/summary-item';
import type { SubscriptionReader, SubscriptionRecord } from './entitlements';

/**
 * Billing items in the CompaniesTable (single-table design, next to the organisation's `META`
 * item). The billing context writes them (lambdas/billing/adapters/
 * dynamo-billing-store.ts); every context may read the subscriptions through
 * {@link DynamoSubscriptionReader}.
 * - billing account   pk ORG#<org>                sk BILLING  gsi1pk BILLING#CUSTOMERS, gsi1sk ORG#<org>
 *                     (the gsi1 keys only once the org has a Stripe customer: the reconcile lists them)
 * - subscription copy pk ORG#<org>                sk SUB#<subscription_uid>
 * - subscriptions     pk ORG#<org>                sk SUBS     { complete?, v, "SUB#<subscription_uid>": copy, ... }
 *   summary           (every copy of the organisation as one item: BILLING_KEYS.summary)
 * - customer index    pk STRIPE_CUSTOMER#<cus_id> sk ORG      { organization_uid }
 */
export const BILLING_KEYS = {
  account: (orgUid: string) => ({ pk: `ORG#${orgUid}`, sk: 'BILLING' }),
  subscription: (orgUid: string, subscriptionUid: string) => ({
    pk: `ORG#${orgUid}`,
    sk: `SUB#${subscriptionUid}`,
  }),
  /** sk prefix of the subscription copies under `ORG#<org>`. */
  subscriptionPrefix: 'SUB#',
  /**
   * The organisation's subscriptions summary: every copy as the attribute `SUB#<subscription_uid>`
   * (the copy without keys), kept by the rules of aws/summary-item.ts. Why: a plan is read on
   * every report request, and one GetItem can travel in the BatchGetItem that reads the client
   * record, where a Query of the copies is a DynamoDB call and a round trip of its own.
   */
  summary: (orgUid: string) => ({ pk: `ORG#${orgUid}`, sk: 'SUBS' }),
  customer: (customerId: string) => ({ pk: `STRIPE_CUSTOMER#${customerId}`, sk: 'ORG' }),
  /** gsi1pk of the billing accounts that have a Stripe customer. */
  customersIndex: 'BILLING#CUSTOMERS',
} as const;

/** Attribute of a copy in the summary item. */
export const summaryAttribute = (subscriptionUid: string) =>
  `${BILLING_KEYS.subscriptionPrefix}${subscriptionUid}`;

/** Every copy of the organisation, by Query (consistent when asked). */
async function queryCopies(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  orgUid: string,
  consistent = false,
): Promise<SubscriptionRecord[]> {
  const items = await queryAll(db, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': BILLING_KEYS.account(orgUid).pk,
      ':p': BILLING_KEYS.subscriptionPrefix,
    },
    ...(consistent ? { ConsistentRead: true } : {}),
  });
  return items.map((item) => stripKeys<SubscriptionRecord>(item));
}

/**
 * Makes the organisation's subscriptions summary complete when it is not (aws/summary-item.ts
 * completeSummary). Called where the caller may write the CompaniesTable: a new or changed
 * organisation, a billing write. @returns whether the summary is complete afterwards.
 */
export function completeSubscriptionSummary(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  orgUid: string,
): Promise<boolean> {
  return completeSummary(db, table, BILLING_KEYS.summary(orgUid), async () =>
    (await queryCopies(db, table, orgUid, true)).map((c) => [
      summaryAttribute(c.subscription_uid),
      c,
    ]),
  );
}

/**
 * SubscriptionReader on the CompaniesTable: one GetItem of the organisation's summary when it is
 * complete (BILLING_KEYS.summary; a plain GetItem, so a document client that batches GetItems sends it
 * with the others), else the Query of its copies. Eventually consistent, as the Query was.
 */
export class DynamoSubscriptionReader implements SubscriptionReader {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async subscriptionsOf(orgUid: string): Promise<SubscriptionRecord[]> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: BILLING_KEYS.summary(orgUid) }),
    );
    const copies = summaryMembers<SubscriptionRecord>(Item, BILLING_KEYS.subscriptionPrefix);
    return copies ? copies.map(([, copy]) => copy) : queryCopies(this.db, this.table, orgUid);
  }
}
