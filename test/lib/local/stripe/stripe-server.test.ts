import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { confirmInBrowser, customerWithCard, harnessPerTest, sdk, T0 } from './harness';

const harness = harnessPerTest();

describe('local Stripe: customers, cards and keys through the real SDK', () => {
  test('a SetupIntent confirmed in the browser with the publishable key attaches the card', async () => {
    const h = await harness.start();
    const customer = await h.stripe.customers.create({ email: 'ada@example.com', name: 'Ada' });
    const si = await h.stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });

    const confirmed = await confirmInBrowser(h.local, si, { number: '4242424242424242' });

    expect(si.status).toBe('requires_payment_method');
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));
    expect(confirmed).toMatchObject({ status: 200, cors: '*', body: { status: 'succeeded' } });
    const cards = await h.stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(cards.data).toHaveLength(1);
    expect(cards.data[0]?.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      funding: 'credit',
      country: 'US',
    });
    expect(cards.data[0]?.billing_details.name).toBe('Ada Lovelace');
    const seen = await h.stripe.setupIntents.retrieve(si.id, { expand: ['payment_method'] });
    expect((seen.payment_method as Stripe.PaymentMethod).customer).toBe(customer.id);
    await h.local.drainWebhooks();
    expect(h.received.map((e) => e.type)).toEqual([
      'customer.created',
      'setup_intent.created',
      'payment_method.attached',
      'setup_intent.succeeded',
    ]);
  });

  test.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242424242424241', 'incorrect_number', 'Your card number is incorrect.'],
  ])('card %s is refused with %s: "%s"', async (number, code, message) => {
    const h = await harness.start();
    const customer = await h.stripe.customers.create({ email: 'bob@example.com' });
    const si = await h.stripe.setupIntents.create({ customer: customer.id });

    const answer = await confirmInBrowser(h.local, si, { number });

    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({ type: 'card_error', code, message });
    expect(answer.body.error?.setup_intent).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code, message },
    });
    const cards = await h.stripe.customers.listPaymentMethods(customer.id);
    expect(cards.data).toEqual([]);
    await h.local.drainWebhooks();
    expect(h.received.map((e) => e.type)).toContain('setup_intent.setup_failed');
  });

  test('an expiry before the clock, or a bad cvc, is refused; the SDK raises StripeCardError', async () => {
    const h = await harness.start();
    const si = await h.stripe.setupIntents.create({});

    const expired = await confirmInBrowser(h.local, si, {
      number: '4242424242424242',
      exp_month: '12',
      exp_year: '2025',
    });
    const badCvc = await confirmInBrowser(h.local, si, { number: '4242424242424242', cvc: '12' });
    const viaSdk = h.stripe.setupIntents.confirm(si.id, {
      payment_method_data: {
        type: 'card',
        card: { number: '4000000000000002', exp_month: 1, exp_year: 2031, cvc: '123' },
      } as unknown as Stripe.SetupIntentConfirmParams.PaymentMethodData,
    });

    expect(expired.body.error).toMatchObject({ code: 'expired_card' });
    expect(badCvc.body.error).toMatchObject({ code: 'invalid_cvc' });
    await expect(viaSdk).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(viaSdk).rejects.toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
  });

  test('a wrong key gets 401, and the publishable key only reaches the card endpoints', async () => {
    const h = await harness.start();
    const wrong = sdk(h.local.port, 'sk_test_wrong_key_123');

    const refused = wrong.customers.list();
    const publishable = await fetch(`${h.local.url}/v1/customers`, {
      headers: { authorization: `Bearer ${h.local.publishableKey}` },
    });

    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(refused).rejects.toThrow(/Invalid API Key provided: sk_test_/);
    expect(publishable.status).toBe(401);
  });

  test('an unknown id is a 404 resource_missing naming it', async () => {
    const h = await harness.start();

    const missing = h.stripe.customers.retrieve('cus_missing');

    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
  });

  test('missing and unknown parameters are refused as Stripe does', async () => {
    const h = await harness.start();

    const noCustomer = h.stripe.subscriptions.create({} as Stripe.SubscriptionCreateParams);
    const unknown = h.stripe.customers.create({ colour: 'blue' } as Stripe.CustomerCreateParams);

    await expect(noCustomer).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'customer',
    });
    await expect(unknown).rejects.toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  });

  test('the same Idempotency-Key returns the same customer; other params are refused', async () => {
    const h = await harness.start();

    const first = await h.stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'signup-42' },
    );
    const again = await h.stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'signup-42' },
    );
    const other = h.stripe.customers.create(
      { email: 'twice@example.com' },
      { idempotencyKey: 'signup-42' },
    );

    expect(again.id).toBe(first.id);
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const all = await h.stripe.customers.list({ email: 'once@example.com' });
    expect(all.data.map((c) => c.id)).toEqual([first.id]);
  });

  test('a restart from the same folder keeps customers, cards and the clock', async () => {
    let h = await harness.start();
    const { customer, pm } = await customerWithCard(h);
    await h.local.advanceClock(3_600);
    const dir = h.dir;
    await h.stop();

    h = await harness.start({ dir });
    const again = await h.stripe.customers.retrieve(customer.id);
    const health = (await (await fetch(`${h.local.url}/__local/health`)).json()) as {
      now: number;
    };

    expect(again).toMatchObject({
      id: customer.id,
      email: 'ada@example.com',
      invoice_settings: { default_payment_method: pm },
    });
    expect(health.now - customer.created).toBe(3_600);
  });

  test('POST /__local/advance moves the clock like advanceClock', async () => {
    const h = await harness.start();

    const moved = await fetch(`${h.local.url}/__local/advance`, {
      method: 'POST',
      body: JSON.stringify({ seconds: 86_400 }),
    });
    const refused = await fetch(`${h.local.url}/__local/advance`, {
      method: 'POST',
      body: JSON.stringify({ seconds: -1 }),
    });
    const customer = await h.stripe.customers.create({ name: 'Later' });

    expect(await moved.json()).toEqual({ now: T0 + 86_400 });
    expect(refused.status).toBe(400);
    expect(customer.created).toBe(T0 + 86_400);
  });

  test('lists page with limit and starting_after, newest first', async () => {
    const h = await harness.start();
    const made: string[] = [];
    for (const name of ['a', 'b', 'c']) made.push((await h.stripe.customers.create({ name })).id);

    const page = await h.stripe.customers.list({ limit: 2 });
    const rest = await h.stripe.customers.list({ limit: 2, starting_after: page.data[1]?.id });

    expect(page.data.map((c) => c.id)).toEqual([made[2], made[1]]);
    expect(page.has_more).toBe(true);
    expect(rest.data.map((c) => c.id)).toEqual([made[0]]);
    expect(rest.has_more).toBe(false);
  });

  test('the browser preflight is answered with open CORS', async () => {
    const h = await harness.start();

    const preflight = await fetch(`${h.local.url}/v1/setup_intents/seti_x/confirm`, {
      method: 'OPTIONS',
    });

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });
});
