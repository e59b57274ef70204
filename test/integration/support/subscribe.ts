import { expect } from 'vitest';
import type {
  BillingProfile,
  OrderResult,
  SetupIntentResult,
} from '#shared/contracts/billing.schema';
import type { callApi } from '../../../lib/local/route-calls';
import { LOCAL_ORG } from '../../../lib/local/seed';

/** A route call as the demo user (the test file's `api`): route name and input, its result. */
export type DemoApi = <T>(
  name: Parameters<typeof callApi>[1],
  input?: Record<string, unknown>,
) => Promise<T>;

/**
 * What the browser's card form does with a SetupIntent and a test card number at the local
 * Stripe stand-in; returns the HTTP status (200 confirmed, 402 declined).
 */
export async function confirmCard(intent: SetupIntentResult, number: string): Promise<number> {
  const res = await fetch(
    `${intent.card_endpoint}/v1/setup_intents/${intent.setup_intent_id}/confirm`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${intent.publishable_key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_secret: intent.client_secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2029',
        'payment_method_data[card][cvc]': '123',
        'payment_method_data[billing_details][name]': 'Demo User',
      }),
    },
  );
  return res.status;
}

/** The demo organisation's billing contact and address (New York), paid by card. */
export const BILLING_CONTACT = {
  billing_method: 'card',
  billing_contact_name: 'Demo User',
  billing_contact_phone: '212-555-0100',
  billing_contact_emails: 'billing@analyticowl.local',
  billing_address: '1 Main St',
  billing_city: 'New York',
  billing_state: 'NY',
  billing_zipcode: '10001',
  billing_country: 'US',
};

/**
 * The demo user's organisation buys Advertiser Insights with the test card 4242..., so its
 * pro_* flags open Schedule; fails the test when the card or the order does not go through.
 */
export async function subscribeToAdvertiser(api: DemoApi): Promise<void> {
  const intent = await api<SetupIntentResult>('create_setup_intent', {
    organization_uid: LOCAL_ORG,
  });
  expect(await confirmCard(intent, '4242424242424242')).toBe(200);
  await api<BillingProfile>('add_billing_profile', {
    organization_uid: LOCAL_ORG,
    billing: BILLING_CONTACT,
    credit_card: { setup_intent_id: intent.setup_intent_id },
  });
  const order = await api<OrderResult>('order_product', {
    plan: 'individual',
    product: 'advertiser',
    organization_uid: LOCAL_ORG,
    accept_terms: true,
  });
  expect(order.available_products.pro_schedule).toBe(true);
}
