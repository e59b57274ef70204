import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import type { Organization } from '#shared/accounts/accounts';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import {
  BILLING_KEYS,
  completeSubscriptionSummary,
  DynamoSubscriptionReader,
} from '#shared/billing/dynamo-subscriptions';
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

describe('the subscriptions summary a plan read takes in one GetItem', () => {
  /** local.doc with the name of every command it sends logged, and a hook run after a Query. */
  const logged = (afterQuery?: () => Promise<void>) => {
    const sent: string[] = [];
    const db = {
      send: async (command: { constructor: { name: string } }) => {
        sent.push(command.constructor.name);
        const out = await local.doc.send(command as never);
        if (command instanceof QueryCommand && afterQuery) await afterQuery();
        return out;
      },
    } as unknown as typeof local.doc;
    return { db, sent };
  };
  const billing = () =>
    new DynamoBillingStore(local.doc, { companies: 'companies', sessions: () => 'sessions' });

  test('the copies the billing store writes, replaces, drops when stale and deletes are read from the summary alone', async () => {
    const store = billing();
    await store.putSubscription(record('org-sum', 'sub_1'));
    await store.putSubscription(record('org-sum', 'sub_2', { plan: 'individual' }));
    await store.putSubscription(
      record('org-sum', 'sub_1', { status: 'past_due', synced_at: '2026-01-11T00:00:00.000Z' }),
    );
    // An older read from Stripe changes neither the copy nor the summary.
    await store.putSubscription(record('org-sum', 'sub_1', { status: 'canceled' }));
    await store.putSubscription(record('org-sum', 'sub_3'));
    await store.deleteSubscription('org-sum', 'sub_3');
    const { db, sent } = logged();

    const read = await new DynamoSubscriptionReader(db, 'companies').subscriptionsOf('org-sum');

    expect(read).toEqual([
      record('org-sum', 'sub_1', { status: 'past_due', synced_at: '2026-01-11T00:00:00.000Z' }),
      record('org-sum', 'sub_2', { plan: 'individual' }),
    ]);
    expect(read).toEqual(await store.subscriptionsOf('org-sum'));
    expect(sent).toEqual(['GetCommand']);
  });

  test('a copy stored before the summary existed is read by Query until the summary is completed', async () => {
    await local.doc.send(
      new PutCommand({
        TableName: 'companies',
        Item: { pk: 'ORG#org-old', sk: 'SUB#sub_old', ...record('org-old', 'sub_old') },
      }),
    );
    const { db, sent } = logged();
    const reader = new DynamoSubscriptionReader(db, 'companies');

    expect(await reader.subscriptionsOf('org-old')).toEqual([record('org-old', 'sub_old')]);
    expect(sent).toEqual(['GetCommand', 'QueryCommand']);

    expect(await completeSubscriptionSummary(local.doc, 'companies', 'org-old')).toBe(true);
    sent.length = 0;
    expect(await reader.subscriptionsOf('org-old')).toEqual([record('org-old', 'sub_old')]);
    expect(sent).toEqual(['GetCommand']);
  });

  test.each([
    ['no summary yet', false],
    ['an incomplete summary', true],
  ])(
    'a completion that raced a billing write leaves the summary as that write made it (%s)',
    async (_, incomplete) => {
      const store = billing();
      const org = incomplete ? 'org-race-2' : 'org-race-1';
      await local.doc.send(
        new PutCommand({
          TableName: 'companies',
          Item: { ...BILLING_KEYS.subscription(org, 'sub_a'), ...record(org, 'sub_a') },
        }),
      );
      if (incomplete)
        await local.doc.send(
          new UpdateCommand({
            TableName: 'companies',
            Key: BILLING_KEYS.summary(org),
            UpdateExpression: 'ADD v :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        );
      // Between the completion's Query and its write, a webhook stores a new copy.
      const { db } = logged(() => store.putSubscription(record(org, 'sub_b')));

      expect(await completeSubscriptionSummary(db, 'companies', org)).toBe(false);

      const summary = await local.doc.send(
        new GetCommand({ TableName: 'companies', Key: BILLING_KEYS.summary(org) }),
      );
      expect(summary.Item?.complete).toBe(true);
      expect(
        await new DynamoSubscriptionReader(local.doc, 'companies').subscriptionsOf(org),
      ).toEqual([record(org, 'sub_a'), record(org, 'sub_b')]);
    },
  );

  test('a new organisation starts with a complete, empty summary', async () => {
    const accounts = new DynamoAccounts(local.doc, 'companies');
    const org: Organization = {
      org_uid: 'org-new',
      name: 'New Co',
      email: 'owner@new.example',
      parent_uid: null,
      created_by: 'alice',
      created_at: '2026-11-28T00:00:00.000Z',
      updated_at: '2026-11-28T00:00:00.000Z',
    };
    await accounts.putOrganization(org);
    const { db, sent } = logged();

    expect(await new DynamoSubscriptionReader(db, 'companies').subscriptionsOf('org-new')).toEqual(
      [],
    );
    expect(sent).toEqual(['GetCommand']);
  });
});
