import { expect, test } from 'vitest';
import type { UserSession } from '#shared/contracts/account-results.schema';
import type {
  BillingProfile,
  OrderResult,
  SetupIntentResult,
} from '#shared/contracts/billing.schema';
import { callApi } from '../../lib/local/route-calls';
import { LOCAL_ORG } from '../../lib/local/seed';
import { stackForFile, withAuthenticator } from './support/stack';
import { BILLING_CONTACT, confirmCard } from './support/subscribe';

// Billing through the local gateway, the billing handlers and the local Stripe stand-in: the
// demo user saves a card the way the browser does, subscribes, cancels, and loses the
// product when the stand-in's clock passes the period end (its webhook reaches the gateway).
const local = stackForFile();
const DAY = 24 * 3600;

const api = <T>(name: Parameters<typeof callApi>[1], input: Record<string, unknown> = {}) =>
  callApi<T>(local.stack.url, name, input, local.token);

const CONTACT = BILLING_CONTACT;

test('subscribe with a card, cancel, and lose access when the period ends', async () => {
  const before = await api<UserSession>('get_session');
  expect(before.available_products.pro_unlimited).toBe(false);

  const intent = await api<SetupIntentResult>('create_setup_intent', {
    organization_uid: LOCAL_ORG,
  });
  expect(intent.card_endpoint).toBe(local.stack.stripe.url);
  expect(await confirmCard(intent, '4242424242424242')).toBe(200);
  const profile = await api<BillingProfile>('add_billing_profile', {
    organization_uid: LOCAL_ORG,
    billing: CONTACT,
    credit_card: { setup_intent_id: intent.setup_intent_id },
  });
  expect(profile).toMatchObject({ billing_setup: true, brand: 'visa', last4: '4242' });

  const order = await api<OrderResult>('order_product', {
    plan: 'individual',
    product: 'advertiser',
    organization_uid: LOCAL_ORG,
    accept_terms: true,
  });
  expect(order.outcome).toBe('subscribed');
  expect(order.available_products.pro_unlimited).toBe(true);
  expect((await api<UserSession>('get_session')).available_products.pro_unlimited).toBe(true);

  const canceling = await api<BillingProfile>('cancel_subscription', {
    organization_uid: LOCAL_ORG,
  });
  expect(canceling.subscription?.cancel_at_period_end).toBe(true);
  expect((await api<UserSession>('get_session')).available_products.pro_unlimited).toBe(true);

  await local.stack.stripe.advanceClock(32 * DAY);
  await local.stack.stripe.drainWebhooks();

  expect((await api<UserSession>('get_session')).available_products.pro_unlimited).toBe(false);
  expect(
    (await api<BillingProfile>('get_billing_profile', { organization_uid: LOCAL_ORG }))
      .subscription,
  ).toBeNull();
}, 60_000);

test('a declined card is refused by Stripe and add_billing_profile says why', async () => {
  const intent = await api<SetupIntentResult>('create_setup_intent', {
    organization_uid: LOCAL_ORG,
  });

  expect(await confirmCard(intent, '4000000000000002')).toBe(402);
  await expect(
    api('add_billing_profile', {
      organization_uid: LOCAL_ORG,
      billing: CONTACT,
      credit_card: { setup_intent_id: intent.setup_intent_id },
    }),
  ).rejects.toThrow('HTTP 402: Your card was declined.');
});

test('a Starter account unlocks single insights, billed monthly by Stripe at the table prices', async () => {
  const order = await api<OrderResult>('order_product', {
    plan: 'paygo',
    organization_uid: LOCAL_ORG,
    accept_terms: true,
    features: ['dayparts', 'creatives'],
  });

  expect(order.outcome).toBe('subscribed');
  expect(order.available_products).toMatchObject({
    has_any_subscription: true,
    industry_insights_dayparts: true,
    pro_creatives: true,
    industry_insights_stations: false,
    pro_unlimited: false,
  });
  expect(order.profile?.subscription).toMatchObject({ plan: 'paygo', amount: 3_500 });
  expect(order.profile?.invoices[0]).toMatchObject({ amount_paid: 3_500, status: 'paid' });
}, 60_000);

test('an invoice order unlocks nothing until its invoice is paid; the signed webhooks then unlock it', async () => {
  await api<BillingProfile>('add_billing_profile', {
    organization_uid: LOCAL_ORG,
    billing: { ...CONTACT, billing_method: 'invoice' },
  });

  const order = await api<OrderResult>('order_product', {
    plan: 'individual',
    product: 'both',
    organization_uid: LOCAL_ORG,
    accept_terms: true,
  });

  expect(order.outcome).toBe('pending');
  expect(order.available_products.industry_insights_unlimited).toBe(false);
  expect(order.profile?.subscription).toMatchObject({ product: 'both', access: 'pending' });
  expect((await api<UserSession>('get_session')).available_products.pro_unlimited).toBe(false);

  // The customer pays the invoice (the stand-in's hosted page; Stripe sends invoice.paid).
  const invoice = order.profile?.invoices.find((i) => i.status === 'open');
  const paid = await fetch(`${local.stack.stripe.url}/__local/invoices/${invoice!.id}/pay`, {
    method: 'POST',
  });
  expect(paid.status).toBe(200);
  await local.stack.stripe.drainWebhooks();

  const session = await api<UserSession>('get_session');
  expect(session.available_products).toMatchObject({
    pro_unlimited: true,
    industry_insights_unlimited: true,
  });
  const profile = await api<BillingProfile>('get_billing_profile', {
    organization_uid: LOCAL_ORG,
  });
  expect(profile.subscription).toMatchObject({ access: 'entitled' });
}, 60_000);

test('approve_invoice_customer answers staff only', async () => {
  const operator = await local.stack.idToken(
    await withAuthenticator(local, local.stack.logins.operator),
  );

  await expect(
    api('approve_invoice_customer', { organization_uid: LOCAL_ORG, approved: true }),
  ).rejects.toThrow('HTTP 403');
  const approved = await callApi<BillingProfile>(
    local.stack.url,
    'approve_invoice_customer',
    { organization_uid: LOCAL_ORG, approved: true },
    operator,
  );

  expect(approved.invoice_approved).toBe(true);
}, 60_000);
