import { vi } from 'vitest';
import { noProducts } from '#shared/billing/available-products';
import type { UserSession } from '#shared/contracts/account-results.schema';
import type { BillingProfile } from '#shared/contracts/billing.schema';
import { resetRoutes } from '../../../web/src/api/client';

/** One call the browser made: our route (name + input), or a request to the Stripe stand-in. */
export interface ApiCall {
  name: string;
  input: Record<string, unknown>;
  /** The full URL (query included). */
  url: string;
  headers: Record<string, string>;
  /** The raw body (form-encoded for the stand-in). */
  body: string;
}

/** A reply. */
export interface Reply {
  status: number;
  body: unknown;
}

/** A success envelope. */
export const ok = (result: unknown): Reply => ({
  status: 200,
  body: { success: true, message: 'OK', result },
});

/** An error envelope, optionally with a `result` (e.g. card_result). */
export const fail = (status: number, code: string, message: string, result?: unknown): Reply => ({
  status,
  body: { success: false, message, error: { code, message }, ...(result ? { result } : {}) },
});

const GET_ROUTES = ['get_session', 'get_billing_profile', 'get_subscriptions', 'auth_config'];
const POST_ROUTES = [
  'my_organizations',
  'update_organization',
  'create_setup_intent',
  'add_billing_profile',
  'order_product',
  'cancel_subscription',
  'approve_invoice_customer',
  'register',
  'verify_email',
  'send_verify_email',
  'rest_login',
  'comms',
];

/** Where the fake stand-in listens. */
export const STAND_IN = 'http://stripe.test:4242';

/**
 * Stubs fetch: the route table (the routes above, by their methods), our routes answered
 * by `answer(call)` (unanswered: 500), and anything starting with {@link STAND_IN} recorded under
 * the name `stand-in`. Returns the calls made, in order (the route table fetch excluded).
 */
export function stubBillingApi(answer: (call: ApiCall) => Reply | undefined): ApiCall[] {
  resetRoutes();
  const calls: ApiCall[] = [];
  const json = (reply: Reply) =>
    new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/ss_rest/routes')
      return json(
        ok(
          Object.fromEntries(
            [...GET_ROUTES, ...POST_ROUTES].map((name) => [
              name,
              { method: GET_ROUTES.includes(name) ? 'GET' : 'POST', path: `/ss_rest/${name}` },
            ]),
          ),
        ),
      );
    const body = init?.body ? String(init.body) : '';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const [path, query = ''] = url.split('?');
    const standIn = url.startsWith(STAND_IN);
    const name = standIn ? 'stand-in' : (path ?? '').replace(/^\/ss_rest\//, '');
    const input = standIn
      ? {}
      : body
        ? (JSON.parse(body) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(query));
    const call = { name, input, url, headers, body };
    calls.push(call);
    return json(answer(call) ?? fail(500, 'internal', 'boom'));
  });
  return calls;
}

/** A signed-in advertiser with a personal organisation and no subscription. */
export function sessionFixture(over: Partial<UserSession> = {}): UserSession & {
  available_products: ReturnType<typeof noProducts>;
} {
  return {
    user_id: 'u1',
    is_registered: true,
    primary_email: 'ada@example.com',
    full_name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    user_type: 'self',
    phone: '555-123-4567',
    company: 'Engines Ltd',
    url: 'engines.example.com',
    industry_id: '1',
    markets: [],
    primary_broadcast_type: 'all',
    default_station_id: '',
    default_report_tab: '',
    recent_clients: [],
    default_station_info: null,
    email_verified: true,
    organizations: [],
    shares: { shared_to_me: [], shared_to_others: [] },
    missing_info: [],
    staff: false,
    agent: false,
    available_products: noProducts(),
    ...over,
  };
}

/** The user's organisations: a personal one they own, and a team one they administer. */
export const ORGS = [
  {
    org_uid: 'org-personal',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    parent_uid: null,
    sub_org: false,
    role: 'owner' as const,
    clients: 1,
  },
  {
    org_uid: 'org-team',
    name: 'Engines Team',
    email: 'team@example.com',
    parent_uid: null,
    sub_org: false,
    role: 'admin' as const,
    clients: 3,
  },
];

/** A billing profile with nothing set up. */
export function emptyProfile(orgUid = 'org-personal'): BillingProfile {
  return {
    organization_uid: orgUid,
    name: 'Ada Lovelace',
    brand: null,
    last4: null,
    billing_setup: false,
    billing_method: null,
    payment_methods: [],
    contact: null,
    subscription: null,
    invoices: [],
    invoice_approved: false,
  };
}

/** A profile paying by Visa 4242 for Individual Unlimited with Advertiser Insights. */
export function payingProfile(over: Partial<BillingProfile> = {}): BillingProfile {
  return {
    ...emptyProfile(),
    brand: 'visa',
    last4: '4242',
    billing_setup: true,
    billing_method: 'card',
    contact: {
      billing_method: 'card',
      billing_contact_name: 'Ada Lovelace',
      billing_contact_phone: '555-123-4567',
      billing_contact_emails: ['ada@example.com'],
      billing_address: '1 Engine Way',
      billing_address_additional: '',
      billing_city: 'Springfield',
      billing_state: 'IL',
      billing_zipcode: '62701',
      billing_country: 'US',
    },
    subscription: {
      subscription_uid: 'sub_1',
      organization_uid: 'org-personal',
      plan: 'individual',
      product: 'advertiser',
      features: [],
      status: 'active',
      amount: 39_900,
      discount_percent: 0,
      current_period_start: '2026-11-01T12:00:00.000Z',
      current_period_end: '2026-12-01T12:00:00.000Z',
      cancel_at_period_end: false,
      access: 'entitled',
      grace_ends_at: null,
    },
    invoices: [
      {
        id: 'in_1',
        number: 'AO-0001',
        amount_due: 39_900,
        amount_paid: 39_900,
        status: 'paid',
        created: '2026-11-01T12:00:00.000Z',
        hosted_invoice_url: 'http://stripe.test:4242/invoices/in_1',
      },
    ],
    ...over,
  };
}
