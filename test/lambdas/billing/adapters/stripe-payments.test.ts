import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prorationCredit } from '#shared/billing/proration';
import { CardError } from '#shared/errors';
import { stripeClient } from '../../../../lambdas/billing/adapters/stripe-config';
import { StripePayments } from '../../../../lambdas/billing/adapters/stripe-payments';
import { StripeWebhookVerifier } from '../../../../lambdas/billing/adapters/stripe-webhook-verifier';
import type { WebhookEvent } from '../../../../lambdas/billing/core/ports';
import { priceIds, syncPrices } from '../../../../lambdas/billing/core/sync-prices';
import { type LocalStripe, startLocalStripe } from '../../../../lib/local/stripe/stripe-server';

// The Stripe adapter with the real SDK against the local stand-in (lib/local/stripe): what the
// billing routes do locally, and in AWS against Stripe itself.
const SECRET = 'whsec_adapter_test';
const DAY = 24 * 3600;
const dir = mkdtempSync(join(tmpdir(), 'ao-stripe-adapter-'));
let clock = Date.UTC(2026, 2, 10, 12) / 1000;
let local: LocalStripe;
let payments: StripePayments;
let receiver: Server;
const delivered: WebhookEvent[] = [];
const rejected: string[] = [];

beforeAll(async () => {
  const verifier = new StripeWebhookVerifier(async () => SECRET);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      verifier
        .verify(Buffer.concat(chunks).toString('utf8'), String(req.headers['stripe-signature']))
        .then((event) => delivered.push(event))
        .catch((error: Error) => rejected.push(error.message))
        .finally(() => res.writeHead(200).end('{}'));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  local = await startLocalStripe({
    dir,
    webhookSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    now: () => clock,
  });
  const client = stripeClient({
    secretKey: local.secretKey,
    publishableKey: local.publishableKey,
    webhookSecret: SECRET,
    apiBase: local.url,
    cardEndpoint: local.url,
  });
  payments = new StripePayments(async () => client);
  await syncPrices({ payments });
});

afterAll(async () => {
  await local?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** Confirms a SetupIntent the way the browser's card form does (publishable key). */
async function confirmCard(id: string, clientSecret: string, number: string) {
  const body = new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2029',
    'payment_method_data[card][cvc]': '123',
    'payment_method_data[billing_details][name]': 'Alice Ames',
  });
  const res = await fetch(`${local.url}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${local.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  return res.status;
}

/** A customer of `org` whose default card is `number`. */
async function customerWithCard(org: string, number = '4242424242424242') {
  const customer = await payments.ensureCustomer({
    organization_uid: org,
    name: org,
    email: `billing@${org}.example.com`,
  });
  const intent = await payments.createSetupIntent(customer, org);
  expect(await confirmCard(intent.id, intent.client_secret, number)).toBe(200);
  const saved = await payments.retrieveSetupIntent(intent.id);
  await payments.setDefaultPaymentMethod(customer, saved.payment_method!);
  return customer;
}

describe('StripePayments on the local stand-in', () => {
  test('the price table is in Stripe, once', async () => {
    const again = await syncPrices({ payments });

    expect(again).toMatchObject({ created: [], moved: [], coupon: 'exists' });
    const prices = await payments.pricesByLookupKey(['individual_both_monthly']);
    expect(prices.get('individual_both_monthly')?.unit_amount).toBe(49_800);
  });

  test('a customer is created once per organisation', async () => {
    const org = { organization_uid: 'org-once', name: 'Once', email: 'o@example.com' };

    expect(await payments.ensureCustomer(org)).toBe(await payments.ensureCustomer(org));
  });

  test('a confirmed card is listed as the default with its brand and last 4 digits', async () => {
    const customer = await customerWithCard('org-card', '5555555555554444');

    expect(await payments.listPaymentMethods(customer)).toEqual([
      expect.objectContaining({ brand: 'mastercard', last4: '4444', default: true }),
    ]);
  });

  test("a declined card leaves the SetupIntent unconfirmed with Stripe's message", async () => {
    const customer = await payments.ensureCustomer({
      organization_uid: 'org-declined',
      name: 'D',
      email: 'd@example.com',
    });
    const intent = await payments.createSetupIntent(customer, 'org-declined');

    expect(await confirmCard(intent.id, intent.client_secret, '4000000000000002')).toBe(402);
    expect(await payments.retrieveSetupIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      error_message: 'Your card was declined.',
    });
  });

  test('a subscription bills a month; adding a product resets the cycle with a credit', async () => {
    const customer = await customerWithCard('org-sub');
    const [advertiser, both] = await priceIds({ payments }, [
      'individual_advertiser_monthly',
      'individual_both_monthly',
    ]);
    const sub = await payments.createSubscription(
      {
        customer,
        price_ids: [advertiser!],
        coupon: null,
        collection: 'card',
        metadata: { organization_uid: 'org-sub', plan: 'individual', product: 'advertiser' },
      },
      'order-sub-1',
    );
    const [item] = sub.items;
    expect(sub.status).toBe('active');
    expect(item!.current_period_end - item!.current_period_start).toBe(31 * DAY);
    clock += 10 * DAY;

    const changed = await payments.updateSubscription(
      sub.id,
      {
        items: [{ id: item!.id, price: both! }],
        metadata: { ...sub.metadata, product: 'both' },
        reset_cycle: true,
        collection: 'card',
      },
      'order-sub-2',
    );

    expect(changed.items[0]).toMatchObject({ lookup_key: 'individual_both_monthly' });
    expect(changed.items[0]!.current_period_start).toBe(clock);
    const [latest] = await payments.listInvoices(customer, 1);
    const credit = prorationCredit(
      39_900,
      item!.current_period_start,
      item!.current_period_end,
      clock,
    );
    expect(latest!.amount_due).toBe(49_800 - credit);
  });

  test('the association coupon takes 20% off and shows on the subscription', async () => {
    const customer = await customerWithCard('org-assoc');
    const [industry] = await priceIds({ payments }, ['individual_industry_monthly']);

    const sub = await payments.createSubscription(
      {
        customer,
        price_ids: [industry!],
        coupon: 'association-20',
        collection: 'card',
        metadata: { organization_uid: 'org-assoc' },
      },
      'order-assoc-1',
    );

    expect(sub.discount_percent).toBe(20);
    const [invoice] = await payments.listInvoices(customer, 1);
    expect(invoice!.amount_paid).toBe(7_920);
  });

  test('changing to a line the coupon does not cover removes the discount', async () => {
    const customer = await customerWithCard('org-assoc-2');
    const [industry, both] = await priceIds({ payments }, [
      'individual_industry_monthly',
      'individual_both_monthly',
    ]);
    const sub = await payments.createSubscription(
      {
        customer,
        price_ids: [industry!],
        coupon: 'association-20',
        collection: 'card',
        metadata: {},
      },
      'order-assoc-2',
    );

    const changed = await payments.updateSubscription(
      sub.id,
      {
        items: [{ id: sub.items[0]!.id, price: both! }],
        coupon: null,
        metadata: {},
        reset_cycle: true,
        collection: 'card',
      },
      'order-assoc-3',
    );

    expect(changed.discount_percent).toBe(0);
  });

  test('a card whose charge fails leaves no subscription and raises the card message', async () => {
    const customer = await customerWithCard('org-fail', '4000000000000341');
    const [industry] = await priceIds({ payments }, ['individual_industry_monthly']);

    await expect(
      payments.createSubscription(
        { customer, price_ids: [industry!], coupon: null, collection: 'card', metadata: {} },
        'order-fail-1',
      ),
    ).rejects.toBeInstanceOf(CardError);
    const live = (await payments.listSubscriptions(customer)).filter((s) =>
      ['active', 'incomplete', 'past_due'].includes(s.status),
    );
    expect(live).toEqual([]);
  });

  test('invoice billing leaves the invoice open and the subscription active', async () => {
    const customer = await payments.ensureCustomer({
      organization_uid: 'org-invoice',
      name: 'I',
      email: 'i@example.com',
    });
    const [industry] = await priceIds({ payments }, ['team_industry_monthly']);

    const sub = await payments.createSubscription(
      { customer, price_ids: [industry!], coupon: null, collection: 'invoice', metadata: {} },
      'order-invoice-1',
    );

    expect(sub).toMatchObject({ status: 'active', collection: 'invoice' });
    expect((await payments.listInvoices(customer, 1))[0]).toMatchObject({ status: 'open' });
  });

  test('cancel at period end ends it when the clock passes the period, with signed events', async () => {
    const customer = await customerWithCard('org-cancel');
    const [industry] = await priceIds({ payments }, ['individual_industry_monthly']);
    const sub = await payments.createSubscription(
      { customer, price_ids: [industry!], coupon: null, collection: 'card', metadata: {} },
      'order-cancel-1',
    );

    const canceling = await payments.setCancelAtPeriodEnd(sub.id, true);
    await local.advanceClock(32 * DAY);
    await local.drainWebhooks();

    expect(canceling.cancel_at_period_end).toBe(true);
    expect(rejected).toEqual([]);
    const [after] = await payments.listSubscriptions(customer);
    expect(after?.status).toBe('canceled');
    expect(delivered).toContainEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'customer.subscription.deleted',
      customer,
    });
  });

  test('orderInvoicePaid reads the invoice of the latest order: paid unlocks, renewals do not count', async () => {
    const customer = await payments.ensureCustomer({
      organization_uid: 'org-order-paid',
      name: 'O',
      email: 'o@example.com',
    });
    const [industry] = await priceIds({ payments }, ['individual_industry_monthly']);
    const sub = await payments.createSubscription(
      { customer, price_ids: [industry!], coupon: null, collection: 'invoice', metadata: {} },
      'order-paid-1',
    );
    expect(await payments.orderInvoicePaid(sub.id)).toBe(false);

    const [first] = await payments.listInvoices(customer, 1);
    const paid = await fetch(`${local.url}/__local/invoices/${first!.id}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    expect(await payments.orderInvoicePaid(sub.id)).toBe(true);

    // A month later the renewal invoice is open (due in 30 days): the order stays paid.
    await local.advanceClock(32 * DAY);
    expect((await payments.listInvoices(customer, 1))[0]).toMatchObject({ status: 'open' });
    expect(await payments.orderInvoicePaid(sub.id)).toBe(true);
  });
});
