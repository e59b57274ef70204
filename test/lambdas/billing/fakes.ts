import Stripe from 'stripe';
import type { Organization, OrgRole, UserProfile } from '#shared/accounts/accounts';
import { MemoryAccounts } from '#shared/accounts/memory-accounts';
import type { Caller } from '#shared/auth/caller';
import type { BillingContactInput } from '#shared/contracts/billing.schema';
import { billingContactSchema } from '#shared/contracts/billing.schema';
import { MemoryBillingStore } from '../../../lambdas/billing/adapters/memory-billing-store';
import { StripeWebhookVerifier } from '../../../lambdas/billing/adapters/stripe-webhook-verifier';
import type { BillingDeps } from '../../../lambdas/billing/core/ports';
import { syncPrices } from '../../../lambdas/billing/core/sync-prices';
import { FakePayments } from './fake-payments';

/** The webhook signing secret of the tests. */
export const WEBHOOK_SECRET = 'whsec_test_billing';

/** A signed-in caller. */
export function caller(userId: string): Caller {
  return {
    userId,
    email: `${userId}@example.com`,
    emailVerified: true,
    staff: false,
    agent: false,
  };
}

function org(uid: string, over: Partial<Organization> = {}): Organization {
  return {
    org_uid: uid,
    name: uid,
    email: `billing@${uid}.example.com`,
    parent_uid: null,
    created_by: 'seed',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

function profile(userId: string, over: Partial<UserProfile> = {}): UserProfile {
  return {
    user_id: userId,
    primary_email: `${userId}@example.com`,
    first_name: userId,
    last_name: 'Tester',
    phone: '',
    user_type: 'self',
    industry_id: '',
    markets: [],
    primary_broadcast_type: 'all',
    default_station_id: '',
    company: '',
    url: '',
    years_experience: null,
    industry_start_date: '',
    default_report_tab: '',
    recent_clients: [],
    default_station_info: null,
    email_verified: true,
    is_registered: true,
    has_password: true,
    wl_base_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A valid billing contact as the form sends it. */
export const CONTACT: BillingContactInput = {
  billing_method: 'card',
  billing_contact_name: 'Alice Ames',
  billing_contact_phone: '212-555-0100',
  billing_contact_emails: 'ap@acme.example.com, alice@example.com',
  billing_address: '1 Main St',
  billing_address_additional: '',
  billing_city: 'New York',
  billing_state: 'NY',
  billing_zipcode: '10001',
  billing_country: 'US',
};

/**
 * The billing world: org-a "Acme Radio" (owner alice, admin ann, member amy), org-b (owner bob),
 * and alice's personal organisation `personal-alice` (made at registration). Stripe is a
 * FakePayments with the price table synced; webhooks are verified with the real SDK.
 */
export async function billingWorld() {
  const payments = new FakePayments();
  const store = new MemoryBillingStore(() => payments.nowS);
  const roles: [string, [string, OrgRole][]][] = [
    [
      'alice',
      [
        ['org-a', 'owner'],
        ['personal-alice', 'owner'],
      ],
    ],
    ['ann', [['org-a', 'admin']]],
    ['amy', [['org-a', 'member']]],
    ['bob', [['org-b', 'owner']]],
  ];
  const accounts = new MemoryAccounts(new Map(roles.map(([u, r]) => [u, new Map(r)])));
  await accounts.putOrganization(org('org-a', { name: 'Acme Radio', created_by: 'alice' }));
  await accounts.putOrganization(org('org-b', { name: 'Bolt Media', created_by: 'bob' }));
  await accounts.createProfile(profile('alice'));
  await accounts.putOrganization(
    org('personal-alice', {
      name: 'alice Tester',
      email: 'alice@example.com',
      created_by: 'alice',
    }),
  );
  const warnings: { message: string; context: Record<string, unknown> }[] = [];
  const deps: BillingDeps = {
    payments,
    webhooks: new StripeWebhookVerifier(async () => WEBHOOK_SECRET),
    store,
    accounts,
    cardSettings: async () => ({ publishable_key: 'pk_test_x', card_endpoint: 'elements' }),
    associationCodes: ['IBA2024'],
    now: () => new Date(payments.nowS * 1000),
    warn: (message, context) => warnings.push({ message, context }),
  };
  await syncPrices({ payments });
  payments.calls.length = 0;
  return { deps, payments, store, accounts, warnings };
}

export type BillingWorld = Awaited<ReturnType<typeof billingWorld>>;

/** Sets up card billing for an organisation the way the browser does, as `who`. */
export async function setUpCard(w: BillingWorld, orgUid: string, who = 'alice') {
  const { addBillingProfile } = await import('../../../lambdas/billing/core/add-billing-profile');
  const { customerFor } = await import('../../../lambdas/billing/core/billing-access');
  const target = await w.accounts.getOrganization(orgUid);
  if (!target) throw new Error(`no org ${orgUid}`);
  const customer = await customerFor(w.deps, target);
  const seti = w.payments.confirmCard(customer);
  return addBillingProfile(w.deps, caller(who), {
    organization_uid: orgUid,
    billing: billingContactSchema.parse(CONTACT),
    credit_card: { setup_intent_id: seti },
  });
}

/** Sets up invoice billing (no card) for an organisation the way the browser does, as `who`. */
export async function setUpInvoice(w: BillingWorld, orgUid: string, who = 'alice') {
  const { addBillingProfile } = await import('../../../lambdas/billing/core/add-billing-profile');
  return addBillingProfile(w.deps, caller(who), {
    organization_uid: orgUid,
    billing: billingContactSchema.parse({ ...CONTACT, billing_method: 'invoice' }),
    credit_card: null,
  });
}

/** A Stripe event body and a valid `stripe-signature` header for it. */
export function signedEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
