import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { getSession } from '../../../../lambdas/accounts/core/get-session';
import { register } from '../../../../lambdas/accounts/core/register';
import { MemoryBillingStore } from '../../../../lambdas/billing/adapters/memory-billing-store';
import { callerOf, makeWorld, registrationBody } from '../fakes';

// get_session carries the caller's available_products flags (spec §6), derived from
// the billing copies of their organisations' subscriptions.
async function registered() {
  const w = makeWorld();
  await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), {
    sourceIp: '198.51.100.7',
  });
  const billing = new MemoryBillingStore();
  const org = (await w.accounts.organizationsOf('sub-1'))[0]!.org;
  return {
    org,
    billing,
    deps: {
      accounts: w.accounts,
      companies: w.companies,
      now: w.deps.now,
      entitlements: { memberships: w.accounts, subscriptions: billing },
    },
  };
}

describe('get_session available_products', () => {
  test('are all off without a subscription', async () => {
    const { deps } = await registered();

    const session = await getSession(deps, callerOf('sub-1', 'ada@example.com'));

    expect(Object.values(session.available_products).some(Boolean)).toBe(false);
  });

  test("follow the caller's Industry Insights subscription", async () => {
    const { deps, org, billing } = await registered();
    await billing.putSubscription({
      subscription_uid: 'sub_1',
      organization_uid: org.org_uid,
      source: 'stripe',
      customer_id: 'cus_1',
      plan: 'individual',
      product: 'industry',
      features: [],
      status: 'active',
      amount: 9_900,
      discount_percent: 0,
      current_period_start: '2026-01-10T00:00:00.000Z',
      current_period_end: '2026-02-10T00:00:00.000Z',
      cancel_at_period_end: false,
      subscriber_user_id: 'sub-1',
      synced_at: '2026-01-10T00:00:00.000Z',
    });

    const session = await getSession(deps, callerOf('sub-1', 'ada@example.com'));

    expect(session.available_products).toMatchObject({
      has_any_subscription: true,
      industry_insights_unlimited: true,
      pro_unlimited: false,
    });
  });
});
