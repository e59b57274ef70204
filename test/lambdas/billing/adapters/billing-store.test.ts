import { describe, expect, test } from 'vitest';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import { billingContactSchema } from '#shared/contracts/billing.schema';
import { DynamoBillingStore } from '../../../../lambdas/billing/adapters/dynamo-billing-store';
import { MemoryBillingStore } from '../../../../lambdas/billing/adapters/memory-billing-store';
import type { BillingStore } from '../../../../lambdas/billing/core/ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';
import { CONTACT } from '../fakes';

// One behaviour suite on the in-memory store (what the use-case tests use) and on the DynamoDB
// store against DynamoDB Local, so the fake cannot drift from the real thing.
const local = dynamoLocalForFile({
  name: 'billing',
  companiesTable: 'companies',
  sessionsTable: 'sessions',
  removeUndefinedValues: true,
});

function record(
  org: string,
  id: string,
  over: Partial<SubscriptionRecord> = {},
): SubscriptionRecord {
  return {
    subscription_uid: id,
    organization_uid: org,
    source: 'stripe',
    customer_id: `cus_${org}`,
    plan: 'team',
    product: 'industry',
    features: [],
    status: 'active',
    amount: 24_900,
    discount_percent: 0,
    current_period_start: '2026-01-10T00:00:00.000Z',
    current_period_end: '2026-02-10T00:00:00.000Z',
    cancel_at_period_end: false,
    subscriber_user_id: 'alice',
    synced_at: '2026-01-10T00:00:00.000Z',
    ...over,
  };
}

let run = 0;
const kinds: [string, (clock: { s: number }) => BillingStore][] = [
  ['memory', (clock) => new MemoryBillingStore(() => clock.s)],
  [
    'dynamodb',
    (clock) =>
      new DynamoBillingStore(
        local.doc,
        { companies: 'companies', sessions: () => 'sessions' },
        () => clock.s,
      ),
  ],
];

describe.each(kinds)('%s billing store', (_kind, make) => {
  // Each test gets fresh organisation ids: the DynamoDB tables are shared by the suite.
  const ids = () => {
    run += 1;
    return { org: `org-${run}`, other: `org-${run}-b`, cus: `cus_${run}`, evt: `evt_${run}` };
  };

  test('an account is created by its first patch and patched field by field', async () => {
    const store = make({ s: 1_000 });
    const { org, cus } = ids();

    expect(await store.getAccount(org)).toBeNull();
    await store.updateAccount(org, { stripe_customer_id: cus, updated_at: 't1' });
    await store.updateAccount(org, {
      contact: billingContactSchema.parse(CONTACT),
      billing_method: 'card',
      card_brand: 'visa',
      card_last4: '4242',
      updated_at: 't2',
    });

    expect(await store.getAccount(org)).toEqual({
      organization_uid: org,
      stripe_customer_id: cus,
      contact: billingContactSchema.parse(CONTACT),
      billing_method: 'card',
      card_brand: 'visa',
      card_last4: '4242',
      updated_at: 't2',
    });
  });

  test('a customer id finds its organisation, and the reconcile lists it', async () => {
    const store = make({ s: 1_000 });
    const { org, cus } = ids();

    await store.updateAccount(org, { stripe_customer_id: cus, updated_at: 't' });

    expect(await store.orgOfCustomer(cus)).toBe(org);
    expect(await store.orgOfCustomer('cus_unknown')).toBeNull();
    expect(await store.customers()).toContainEqual({ organization_uid: org, customer_id: cus });
  });

  test('subscription copies are kept per organisation, replaced and deleted by id', async () => {
    const store = make({ s: 1_000 });
    const { org, other } = ids();
    await store.updateAccount(org, { billing_method: 'invoice', updated_at: 't' });

    await store.putSubscription(record(org, 'sub_1'));
    await store.putSubscription(record(org, 'sub_2'));
    await store.putSubscription(record(other, 'sub_3'));
    await store.putSubscription(record(org, 'sub_1', { status: 'past_due' }));
    await store.deleteSubscription(org, 'sub_2');

    expect(await store.subscriptionsOf(org)).toEqual([
      record(org, 'sub_1', { status: 'past_due' }),
    ]);
    expect(await store.subscriptionsOf(other)).toHaveLength(1);
  });

  test('a staff approval is kept on the account and can be withdrawn', async () => {
    const store = make({ s: 1_000 });
    const { org } = ids();
    await store.updateAccount(org, { billing_method: 'invoice', updated_at: 't1' });

    await store.updateAccount(org, {
      invoice_approved_at: '2026-01-10T00:00:00.000Z',
      invoice_approved_by: 'stan',
      updated_at: 't2',
    });
    expect(await store.getAccount(org)).toMatchObject({
      billing_method: 'invoice',
      invoice_approved_at: '2026-01-10T00:00:00.000Z',
      invoice_approved_by: 'stan',
    });
    await store.updateAccount(org, {
      invoice_approved_at: null,
      invoice_approved_by: null,
      updated_at: 't3',
    });

    expect(await store.getAccount(org)).toMatchObject({
      invoice_approved_at: null,
      invoice_approved_by: null,
    });
  });

  test('a copy keeps whether it awaits payment and since when it is past due', async () => {
    const store = make({ s: 1_000 });
    const { org } = ids();
    const copy = record(org, 'sub_1', {
      status: 'past_due',
      awaiting_payment: false,
      past_due_since: '2026-01-12T08:00:00.000Z',
    });

    await store.putSubscription(copy);

    expect(await store.subscriptionsOf(org)).toEqual([copy]);
  });

  test('a webhook event is claimed once until released or expired', async () => {
    const clock = { s: 1_000 };
    const store = make(clock);
    const { evt } = ids();

    expect(await store.claimEvent(evt, 60)).toBe(true);
    expect(await store.claimEvent(evt, 60)).toBe(false);
    await store.releaseEvent(evt);
    expect(await store.claimEvent(evt, 60)).toBe(true);
    clock.s += 61;
    expect(await store.claimEvent(evt, 60)).toBe(true);
  });
});

test('the shared reader sees the copies the billing store writes', async () => {
  const store = new DynamoBillingStore(local.doc, {
    companies: 'companies',
    sessions: () => 'sessions',
  });
  await store.putSubscription(record('org-shared', 'sub_9'));
  await store.updateAccount('org-shared', { stripe_customer_id: 'cus_shared', updated_at: 't' });

  const reader = new DynamoSubscriptionReader(local.doc, 'companies');

  expect(await reader.subscriptionsOf('org-shared')).toEqual([record('org-shared', 'sub_9')]);
});
