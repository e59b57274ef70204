import { describe, expect, test } from 'vitest';
import {
  availableProductsOf,
  coversUser,
  type EntitlementDeps,
  entitlementsOf,
  type SubscriptionRecord,
} from '#shared/billing/entitlements';

function record(over: Partial<SubscriptionRecord>): SubscriptionRecord {
  return {
    subscription_uid: 'sub_1',
    organization_uid: 'org-a',
    source: 'stripe',
    customer_id: 'cus_1',
    plan: 'individual',
    product: 'advertiser',
    features: [],
    status: 'active',
    amount: 39_900,
    discount_percent: 0,
    current_period_start: '2026-01-10T00:00:00.000Z',
    current_period_end: '2026-02-10T00:00:00.000Z',
    cancel_at_period_end: false,
    subscriber_user_id: 'alice',
    synced_at: '2026-01-10T00:00:00.000Z',
    ...over,
  };
}

/** alice and amy in org-a, bob in org-b; subscriptions per organisation. */
function deps(subs: SubscriptionRecord[]): EntitlementDeps {
  const members: Record<string, string[]> = { alice: ['org-a'], amy: ['org-a'], bob: ['org-b'] };
  return {
    memberships: {
      organizationsOf: async (userId) =>
        (members[userId] ?? []).map((org_uid) => ({ org: { org_uid } })),
    },
    subscriptions: {
      subscriptionsOf: async (orgUid) => subs.filter((s) => s.organization_uid === orgUid),
    },
  };
}

describe('entitlements', () => {
  test.each([
    ['individual', 'alice', true],
    ['individual', 'amy', false],
    ['paygo', 'amy', false],
    ['team', 'amy', true],
    ['enterprise', 'amy', true],
  ] as const)('a %s plan ordered by alice covers %s: %s', (plan, user, expected) => {
    expect(coversUser(record({ plan }), user)).toBe(expected);
  });

  test("a user gets the entitlements of their organisations' subscriptions only", async () => {
    const d = deps([
      record({ plan: 'team', product: 'industry' }),
      record({ subscription_uid: 'sub_b', organization_uid: 'org-b', product: 'both' }),
    ]);

    expect(await entitlementsOf(d, 'amy')).toEqual([
      {
        plan: 'team',
        product: 'industry',
        features: [],
        status: 'active',
        awaiting_payment: false,
        past_due_since: null,
      },
    ]);
    expect((await availableProductsOf(d, 'amy')).pro_unlimited).toBe(false);
    expect((await availableProductsOf(d, 'bob')).has_any_subscription).toBe(false);
  });

  test("alice's individual Advertiser Insights unlocks pro for her, not for amy", async () => {
    const d = deps([record({})]);

    expect((await availableProductsOf(d, 'alice')).pro_unlimited).toBe(true);
    expect((await availableProductsOf(d, 'amy')).pro_unlimited).toBe(false);
  });
});
