import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { InviteDeps } from '../../../lambdas/accounts/core/invite-member';
import { newProfile } from '../../../lambdas/accounts/core/profile';
import { world } from './sharing-fakes';

/** A subscription copy of `org` (team, active unless told otherwise). */
export function subscription(
  org: string,
  over: Partial<SubscriptionRecord> = {},
): SubscriptionRecord {
  return {
    subscription_uid: `sub_${org}`,
    organization_uid: org,
    source: 'stripe',
    customer_id: 'cus_1',
    plan: 'team',
    product: 'industry',
    features: [],
    status: 'active',
    amount: 0,
    discount_percent: 0,
    current_period_start: '2024-04-01T00:00:00.000Z',
    current_period_end: '2024-05-01T00:00:00.000Z',
    cancel_at_period_end: false,
    subscriber_user_id: 'alice',
    synced_at: '2024-04-01T00:00:00.000Z',
    ...over,
  };
}

/**
 * The sharing world (org-a: owner alice, member amy; org-b: owner bob) with verified profiles
 * for alice, amy and bob, subscription copies in `subs` (none at first), and the member deps.
 */
export async function memberWorld() {
  const w = await world();
  const at = new Date('2024-01-01T00:00:00.000Z');
  for (const [id, first] of [
    ['alice', 'Alice'],
    ['amy', 'Amy'],
    ['bob', 'Bob'],
  ] as const)
    await w.accounts.createProfile(
      newProfile(
        {
          user_id: id,
          primary_email: `${id}@example.com`,
          first_name: first,
          last_name: 'Doe',
          email_verified: true,
        },
        at,
      ),
    );
  const subs: SubscriptionRecord[] = [];
  let clock = Date.parse('2024-04-01T12:00:00.000Z');
  const deps: InviteDeps = {
    accounts: w.accounts,
    companies: w.companies,
    subscriptions: {
      subscriptionsOf: async (org) => subs.filter((s) => s.organization_uid === org),
    },
    // Each call a minute later, so invitations sort by when they were sent.
    now: () => {
      clock += 60_000;
      return new Date(clock);
    },
    mailer: w.deps.mailer,
    appOrigin: 'https://app.example.com',
  };
  return { ...w, deps, subs };
}
