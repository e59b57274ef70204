import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '../aws/conditional-write';
import { stripKeys } from '../aws/item-keys';
import { queryAll } from '../aws/query-all';
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
   * The organisation's subscriptions summary: every copy of the organisation in one item, kept
   * equal to the copies by these rules. Why it exists: a plan is read on every report request, and one GetItem can travel in the
   * BatchGetItem that reads the client record, where a Query of the copies is a round trip and a
   * DynamoDB call of its own.
   * - Each copy is the attribute `SUB#<subscription_uid>` (the copy as stored, without keys).
   * - Every write of a copy writes its attribute in the same transaction and adds 1 to `v`
   *   (lambdas/billing/adapters/dynamo-billing-store.ts), so a copy and its attribute never differ.
   * - `complete: true` says the item holds every copy: written only by
   *   {@link completeSubscriptionSummary}, from a consistent Query of the copies, on condition that
   *   `v` has not moved since it was read (no copy was written in between). Copies written before
   *   summaries existed are not in the item until then, so readers trust only a complete item and
   *   otherwise Query the copies, as before.
   * - An item holds at most 400 KB (about 600 copies): an organisation with more is left
   *   incomplete and read by Query.
   */
  summary: (orgUid: string) => ({ pk: `ORG#${orgUid}`, sk: 'SUBS' }),
  customer: (customerId: string) => ({ pk: `STRIPE_CUSTOMER#${customerId}`, sk: 'ORG' }),
  /** gsi1pk of the billing accounts that have a Stripe customer. */
  customersIndex: 'BILLING#CUSTOMERS',
} as const;

/** Attribute of a copy in the summary item. */
export const summaryAttribute = (subscriptionUid: string) =>
  `${BILLING_KEYS.subscriptionPrefix}${subscriptionUid}`;

/** Copies a complete summary would hold beyond which it is left incomplete (the 400 KB item limit). */
const MAX_SUMMARY_COPIES = 300;

/** The copies held by a summary item, in sk order (as the Query of the copies returns them). */
function copiesOfSummary(item: Record<string, unknown>): SubscriptionRecord[] {
  return Object.keys(item)
    .filter((name) => name.startsWith(BILLING_KEYS.subscriptionPrefix))
    .sort()
    .map((name) => item[name] as SubscriptionRecord);
}

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
 * Makes the organisation's summary complete when it is not (BILLING_KEYS.summary): reads it and the
 * copies consistently, then writes every copy with `complete: true` on condition that no copy was
 * written in between. A write that lost that race changes nothing (the next call tries again).
 * Called where the caller may write the CompaniesTable: a new or changed organisation, a billing
 * write. @returns whether the summary is complete afterwards.
 */
export async function completeSubscriptionSummary(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  orgUid: string,
): Promise<boolean> {
  const key = BILLING_KEYS.summary(orgUid);
  const { Item } = await db.send(
    new GetCommand({ TableName: table, Key: key, ConsistentRead: true }),
  );
  if (Item?.complete === true) return true;
  const copies = await queryCopies(db, table, orgUid, true);
  if (copies.length > MAX_SUMMARY_COPIES) return false;
  const version = typeof Item?.v === 'number' ? Item.v : null;
  return conditionHeld(
    db.send(
      new PutCommand({
        TableName: table,
        Item: {
          ...key,
          complete: true,
          v: (version ?? 0) + 1,
          ...Object.fromEntries(copies.map((c) => [summaryAttribute(c.subscription_uid), c])),
        },
        ...(!Item
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : version === null
            ? { ConditionExpression: 'attribute_not_exists(v)' }
            : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': version } }),
      }),
    ),
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
    if (Item?.complete === true) return copiesOfSummary(Item);
    return queryCopies(this.db, this.table, orgUid);
  }
}
