import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { UserSession } from '#shared/contracts/account-results.schema';
import { DynamoBillingStore } from '../../../lambdas/billing/adapters/dynamo-billing-store';
import { LOCAL_COMPANIES_TABLE, LOCAL_SESSIONS_TABLE } from '../../../lib/local/local-names';
import { callApi } from '../../../lib/local/route-calls';
import { readPorts } from '../../../lib/local/stack-state';
import { E2E_LOCAL_DIR } from './e2e-env';

/**
 * Gives the signed-in user's own organisation an active subscription of `product` ('advertiser'
 * carries the Schedule feature; 'both' adds Industry Insights), written into the e2e stack's
 * DynamoDB as the billing context's copy, the way a paid order leaves it. The billing journey
 * itself has its own spec (billing.spec.ts).
 * @throws Error when the user has no organisation.
 */
export async function grantProduct(
  url: string,
  token: string,
  product: NonNullable<SubscriptionRecord['product']>,
): Promise<void> {
  const session = await callApi<UserSession>(url, 'get_session', {}, token);
  const org = session.organizations[0]?.org_uid;
  if (!org) throw new Error('the test user has no organisation');
  const record: SubscriptionRecord = {
    subscription_uid: `sub_e2e_${product}_${org}`,
    organization_uid: org,
    source: 'local',
    customer_id: null,
    plan: 'individual',
    product,
    features: [],
    status: 'active',
    amount: 0,
    discount_percent: 0,
    current_period_start: '',
    current_period_end: '',
    cancel_at_period_end: false,
    subscriber_user_id: session.user_id,
    synced_at: new Date().toISOString(),
  };
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${readPorts(E2E_LOCAL_DIR).dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    // The billing store's own write: the copy and the organisation's subscriptions summary
    // that report reads take the plan from.
    await new DynamoBillingStore(db, {
      companies: LOCAL_COMPANIES_TABLE,
      sessions: () => LOCAL_SESSIONS_TABLE,
    }).putSubscription(record);
  } finally {
    db.destroy();
  }
}
