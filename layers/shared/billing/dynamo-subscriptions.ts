import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
  customer: (customerId: string) => ({ pk: `STRIPE_CUSTOMER#${customerId}`, sk: 'ORG' }),
  /** gsi1pk of the billing accounts that have a Stripe customer. */
  customersIndex: 'BILLING#CUSTOMERS',
} as const;

/** SubscriptionReader on the CompaniesTable (one Query per organisation). */
export class DynamoSubscriptionReader implements SubscriptionReader {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async subscriptionsOf(orgUid: string): Promise<SubscriptionRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: {
        ':pk': BILLING_KEYS.account(orgUid).pk,
        ':p': BILLING_KEYS.subscriptionPrefix,
      },
    });
    return items.map((item) => stripKeys<SubscriptionRecord>(item));
  }
}
