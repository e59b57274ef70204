import { describe, expect, test } from 'vitest';
import { MemoryAccounts } from '#shared/accounts/memory-accounts';
import type { Caller } from '#shared/auth/caller';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { ProductId } from '#shared/billing/price-table';
import { MemoryBillingStore } from '../../../../lambdas/billing/adapters/memory-billing-store';
import { EntitlementPlans } from '../../../../lambdas/reports/adapters/entitlement-plans';
import { MemoryReportSessions } from '../../../../lambdas/reports/adapters/memory-report-sessions';
import { reportAllowance } from '../../../../lambdas/reports/core/usage';
import { client } from '../fakes';

const user = (userId: string): Caller => ({
  userId,
  email: `${userId}@example.com`,
  emailVerified: true,
  staff: false,
  agent: false,
});

function subscription(userId: string, product: ProductId, status = 'active'): SubscriptionRecord {
  return {
    subscription_uid: `sub_${userId}`,
    organization_uid: `org-${userId}`,
    source: 'stripe',
    customer_id: `cus_${userId}`,
    plan: 'individual',
    product,
    features: [],
    status,
    amount: 0,
    discount_percent: 0,
    current_period_start: '2026-01-10T00:00:00.000Z',
    current_period_end: '2026-02-10T00:00:00.000Z',
    cancel_at_period_end: false,
    subscriber_user_id: userId,
    synced_at: '2026-01-10T00:00:00.000Z',
  };
}

/**
 * Four users, each in their own organisation, who used both free reports on other clients:
 * ada pays for Advertiser Insights, ian for Industry Insights only, cat's Advertiser Insights was
 * canceled, and nia has nothing.
 */
async function world() {
  const people = ['ada', 'ian', 'cat', 'nia'];
  const accounts = new MemoryAccounts(
    new Map(people.map((p) => [p, new Map([[`org-${p}`, 'owner' as const]])])),
  );
  const billing = new MemoryBillingStore();
  const usage = new MemoryReportSessions();
  for (const p of people) {
    await accounts.putOrganization({
      org_uid: `org-${p}`,
      name: p,
      email: `${p}@example.com`,
      parent_uid: null,
      created_by: p,
      created_at: '',
      updated_at: '',
    });
    await usage.claim(p, 'client-x', 2);
    await usage.claim(p, 'client-y', 2);
  }
  await billing.putSubscription(subscription('ada', 'advertiser'));
  await billing.putSubscription(subscription('ian', 'industry'));
  await billing.putSubscription(subscription('cat', 'advertiser', 'canceled'));
  const plans = new EntitlementPlans({ memberships: accounts, subscriptions: billing });
  return { usage, plans };
}

describe("get_report's allowance from billing", () => {
  test.each([
    ['nia', 'no subscription', true],
    ['ian', 'Industry Insights only', true],
    ['cat', 'a canceled Advertiser Insights', true],
    ['ada', 'Advertiser Insights', false],
  ])('%s with %s: max_reports %s', async (who, _what, maxReports) => {
    const deps = await world();

    const allowance = await reportAllowance(deps, user(who), client({ client_uid: 'client-z' }));

    expect(allowance.max_reports).toBe(maxReports);
  });
});
