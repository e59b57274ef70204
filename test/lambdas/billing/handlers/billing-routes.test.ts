import { describe, expect, test } from 'vitest';
import { BILLING_MESSAGES } from '#shared/contracts/billing.schema';
import * as addBillingProfile from '../../../../lambdas/billing/handlers/add-billing-profile.handler';
import * as approveInvoiceCustomer from '../../../../lambdas/billing/handlers/approve-invoice-customer.handler';
import * as createSetupIntent from '../../../../lambdas/billing/handlers/create-setup-intent.handler';
import * as getBillingProfile from '../../../../lambdas/billing/handlers/get-billing-profile.handler';
import * as getSubscriptions from '../../../../lambdas/billing/handlers/get-subscriptions.handler';
import * as orderProduct from '../../../../lambdas/billing/handlers/order-product.handler';
import * as stripeWebhook from '../../../../lambdas/billing/handlers/stripe-webhook.handler';
import { fakeAuthenticators } from '../../../support/authenticators';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import { billingWorld, CONTACT, setUpCard, setUpInvoice, signedEvent } from '../fakes';

type World = Awaited<ReturnType<typeof billingWorld>>;
type Module = {
  makeHandler: (deps: () => World['deps']) => ReturnType<typeof orderProduct.makeHandler>;
};

async function call(w: World, mod: Module, opts: Parameters<typeof httpEvent>[0]) {
  const res = await mod.makeHandler(() => w.deps)(httpEvent(opts), lambdaContext);
  return { status: res.statusCode, ...bodyOf(res) };
}

describe('billing routes', () => {
  test('answer 401 without a signed-in user', async () => {
    const w = await billingWorld();

    const res = await call(w, getSubscriptions, { sub: null });

    expect(res.status).toBe(401);
  });

  test('get_billing_profile answers 404 to a non-member', async () => {
    const w = await billingWorld();

    const res = await call(w, getBillingProfile, {
      sub: 'bob',
      query: { organization_uid: 'org-a' },
    });

    expect(res.status).toBe(404);
    expect(res.error?.code).toBe('not_found');
  });

  test('create_setup_intent answers what the card form needs', async () => {
    const w = await billingWorld();

    const res = await call(w, createSetupIntent, {
      sub: 'alice',
      body: { organization_uid: 'org-a' },
    });

    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ publishable_key: 'pk_test_x', card_endpoint: 'elements' });
  });

  test('add_billing_profile answers 400 with the spec message of the first bad field', async () => {
    const w = await billingWorld();

    const res = await call(w, addBillingProfile, {
      sub: 'alice',
      body: {
        organization_uid: 'org-a',
        billing: { ...CONTACT, billing_city: '' },
        credit_card: { setup_intent_id: 'seti_1' },
      },
    });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      message: BILLING_MESSAGES.city,
      field: 'billing.billing_city',
    });
  });

  test('add_billing_profile carries a refused card in result.card_result.message', async () => {
    const w = await billingWorld();
    const intent = await call(w, createSetupIntent, {
      sub: 'alice',
      body: { organization_uid: 'org-a' },
    });
    const id = (intent.result as { setup_intent_id: string }).setup_intent_id;
    w.payments.intents.get(id)!.error_message = 'Your card has insufficient funds.';

    const res = await call(w, addBillingProfile, {
      sub: 'alice',
      body: { organization_uid: 'org-a', billing: CONTACT, credit_card: { setup_intent_id: id } },
    });

    expect(res.status).toBe(402);
    expect(res).toMatchObject({
      success: false,
      message: 'Your card has insufficient funds.',
      result: { card_result: { message: 'Your card has insufficient funds.' } },
    });
  });

  test('order_product without billing answers 400 billing_required on the billing field', async () => {
    const w = await billingWorld();

    const res = await call(w, orderProduct, {
      sub: 'alice',
      body: {
        plan: 'individual',
        product: 'industry',
        organization_uid: 'org-a',
        accept_terms: true,
      },
    });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'billing_required', field: 'billing' });
  });

  test('order_product refuses an order whose terms were not accepted', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const res = await call(w, orderProduct, {
      sub: 'alice',
      body: { plan: 'individual', product: 'industry', organization_uid: 'org-a' },
    });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ message: BILLING_MESSAGES.terms, field: 'accept_terms' });
    expect(w.payments.subscriptions.size).toBe(0);
  });
});

describe('stripe_webhook route', () => {
  function webhookEvent(payload: string, signature: string | undefined, base64 = false) {
    const event = httpEvent({ sub: null });
    event.body = base64 ? Buffer.from(payload).toString('base64') : payload;
    event.isBase64Encoded = base64;
    event.headers = signature ? { 'stripe-signature': signature } : {};
    return event;
  }

  test('verifies the raw body (also base64-encoded) and answers 200', async () => {
    const w = await billingWorld();
    const { payload, signature } = signedEvent('evt_1', 'product.created', { object: 'product' });
    const handler = stripeWebhook.makeHandler(() => w.deps);

    const res = await handler(webhookEvent(payload, signature, true), lambdaContext);

    expect(res.statusCode).toBe(200);
    expect(bodyOf(res).result).toEqual({ action: 'ignored', event_id: 'evt_1' });
  });

  test('answers 400 to a body changed after signing, without touching anything', async () => {
    const w = await billingWorld();
    const { payload, signature } = signedEvent('evt_2', 'invoice.paid', {
      object: 'invoice',
      customer: 'cus_1',
    });
    const handler = stripeWebhook.makeHandler(() => w.deps);

    const tampered = await handler(
      webhookEvent(payload.replace('cus_1', 'cus_2'), signature),
      lambdaContext,
    );
    const unsigned = await handler(webhookEvent(payload, undefined), lambdaContext);

    expect(tampered.statusCode).toBe(400);
    expect(bodyOf(tampered).error?.code).toBe('invalid_signature');
    expect(unsigned.statusCode).toBe(400);
    expect(w.store.events.size).toBe(0);
    expect(w.payments.calls).toEqual([]);
  });

  test('approve_invoice_customer is refused to customers (403) and changes nothing', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    const before = structuredClone(await w.store.getAccount('org-a'));

    const owner = await call(w, approveInvoiceCustomer, {
      sub: 'alice',
      body: { organization_uid: 'org-a' },
    });
    const anonymous = await call(w, approveInvoiceCustomer, {
      sub: null,
      body: { organization_uid: 'org-a' },
    });

    expect(owner.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect(await w.store.getAccount('org-a')).toEqual(before);
  });

  test('approve_invoice_customer answers 403 mfa_required to staff without an authenticator app and changes nothing', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    const before = structuredClone(await w.store.getAccount('org-a'));
    const handler = approveInvoiceCustomer.makeHandler(() => w.deps, fakeAuthenticators().check);

    const res = await handler(
      httpEvent({ sub: 'stan', groups: ['staff'], body: { organization_uid: 'org-a' } }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(403);
    expect(bodyOf(res).error?.code).toBe('mfa_required');
    expect(await w.store.getAccount('org-a')).toEqual(before);
  });

  test('approve_invoice_customer lets staff approve an invoice customer', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    const handler = approveInvoiceCustomer.makeHandler(
      () => w.deps,
      fakeAuthenticators('stan').check,
    );

    const res = await handler(
      httpEvent({ sub: 'stan', groups: ['staff'], body: { organization_uid: 'org-a' } }),
      lambdaContext,
    ).then((r) => ({ status: r.statusCode, ...bodyOf(r) }));

    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ organization_uid: 'org-a', invoice_approved: true });
    expect(await w.store.getAccount('org-a')).toMatchObject({ invoice_approved_by: 'stan' });
  });
});
