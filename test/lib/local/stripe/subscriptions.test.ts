import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { addOneMonth, prorationCredit } from '#shared/billing/proration';
import { customerWithCard, harnessPerTest, monthlyPrice, T0 } from './harness';

const harness = harnessPerTest();

const DAY = 86_400;

/** Starts a stand-in whose base clock is T0, with the catalog the product syncs. */
async function setup() {
  const h = await harness.start();
  const industry = await monthlyPrice(h, 'individual_industry_monthly', 9_900);
  const both = await monthlyPrice(h, 'individual_both_monthly', 49_800);
  return { h, industry, both };
}

/** The proration flag and price of an invoice line, where the 2026 API keeps them. */
const lineView = (line: Stripe.InvoiceLineItem) => ({
  amount: line.amount,
  proration: line.parent?.subscription_item_details?.proration,
  price: line.pricing?.price_details?.price,
});

describe('local Stripe subscriptions through the real SDK', () => {
  test('a subscription to a price found by lookup key is active with a paid invoice for one month', async () => {
    const { h } = await setup();
    const { customer } = await customerWithCard(h);
    const [price] = (await h.stripe.prices.list({ lookup_keys: ['individual_industry_monthly'] }))
      .data;

    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price?.id as string }],
      expand: ['latest_invoice'],
    });

    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: T0,
      current_period_end: addOneMonth(T0),
      price: { id: price?.id, unit_amount: 9_900 },
    });
    expect(new Date(addOneMonth(T0) * 1000).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: 9_900,
      amount_paid: 9_900,
      number: 'LOCAL-0001',
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect(invoice.lines.data.map(lineView)).toEqual([
      { amount: 9_900, proration: false, price: price?.id },
    ]);
    const page = await fetch(invoice.hosted_invoice_url as string);
    expect(await page.text()).toContain('LOCAL-0001');
    await h.local.drainWebhooks();
    expect(h.received.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.finalized',
        'invoice.paid',
      ]),
    );
  });

  test('a card whose charges fail leaves the subscription incomplete and its invoice open', async () => {
    const { h, industry } = await setup();
    const { customer } = await customerWithCard(h, '4000000000000341');

    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
      expand: ['latest_invoice'],
    });

    expect(sub.status).toBe('incomplete');
    expect(sub.latest_invoice).toMatchObject({ status: 'open', amount_paid: 0, attempt_count: 1 });
    const failed = await h.stripe.events.list({ type: 'invoice.payment_failed' });
    expect(failed.data).toHaveLength(1);
  });

  test('send_invoice subscriptions are active with an open invoice due in days_until_due', async () => {
    const { h, industry } = await setup();
    const customer = await h.stripe.customers.create({ email: 'ap@example.com' });

    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
      collection_method: 'send_invoice',
      days_until_due: 30,
      expand: ['latest_invoice'],
    });

    expect(sub.status).toBe('active');
    expect(sub.latest_invoice).toMatchObject({ status: 'open', due_date: T0 + 30 * DAY });
  });

  test('a percent_off coupon discounts the invoice and shows on the subscription', async () => {
    const { h, industry } = await setup();
    const { customer } = await customerWithCard(h);
    await h.stripe.coupons.create({ id: 'association-20', percent_off: 20, duration: 'forever' });

    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
      discounts: [{ coupon: 'association-20' }],
      expand: ['latest_invoice', 'discounts'],
    });

    expect(sub.latest_invoice).toMatchObject({ subtotal: 9_900, total: 7_920, amount_paid: 7_920 });
    expect(sub.discounts[0]).toMatchObject({ source: { coupon: 'association-20' } });
    await expect(h.stripe.coupons.retrieve('nope')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  test('billing_cycle_anchor=now restarts the period and credits the unused time of the old price', async () => {
    let now = T0;
    const h = await harness.start({ now: () => now });
    const industry = await monthlyPrice(h, 'individual_industry_monthly', 9_900);
    const both = await monthlyPrice(h, 'individual_both_monthly', 49_800);
    const { customer } = await customerWithCard(h);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
    });
    now = T0 + 10 * DAY;

    const updated = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]?.id, price: both.id }],
      billing_cycle_anchor: { type: 'now' },
      proration_behavior: 'create_prorations',
      expand: ['latest_invoice'],
    });

    const credit = prorationCredit(9_900, T0, addOneMonth(T0), now);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(updated.items.data[0]).toMatchObject({
      current_period_start: now,
      current_period_end: addOneMonth(now),
      price: { id: both.id },
    });
    expect(invoice.lines.data.map(lineView)).toEqual([
      { amount: -credit, proration: true, price: industry.id },
      { amount: 49_800, proration: false, price: both.id },
    ]);
    expect(invoice).toMatchObject({ total: 49_800 - credit, status: 'paid' });
    const events = await h.stripe.events.list({ type: 'customer.subscription.updated' });
    expect(events.data[0]?.data.previous_attributes).toHaveProperty('items');
  });

  test('a credit larger than the new price becomes customer balance used by the next invoice', async () => {
    let now = T0;
    const h = await harness.start({ now: () => now });
    const industry = await monthlyPrice(h, 'individual_industry_monthly', 9_900);
    const both = await monthlyPrice(h, 'individual_both_monthly', 49_800);
    const { customer } = await customerWithCard(h);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: both.id }],
    });
    now = T0 + DAY;

    const downgraded = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]?.id, price: industry.id }],
      billing_cycle_anchor: { type: 'now' },
      expand: ['latest_invoice'],
    });
    const afterDowngrade = await h.stripe.customers.retrieve(customer.id);
    await h.local.advanceClock(addOneMonth(now) - now);
    const renewal = (await h.stripe.invoices.list({ subscription: sub.id, limit: 1 })).data[0];

    const total = 9_900 - prorationCredit(49_800, T0, addOneMonth(T0), now);
    expect(total).toBeLessThan(0);
    expect(downgraded.latest_invoice).toMatchObject({ total, amount_due: 0, status: 'paid' });
    expect(afterDowngrade).toMatchObject({ balance: total });
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      starting_balance: total,
      amount_due: Math.max(0, 9_900 + total),
    });
  });

  test('create_prorations lines wait for the next renewal invoice', async () => {
    const { h, industry, both } = await setup();
    const { customer } = await customerWithCard(h);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
    });
    await h.local.advanceClock(15 * DAY);

    const updated = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]?.id, price: both.id }],
    });
    await h.local.advanceClock(addOneMonth(T0) - (T0 + 15 * DAY));
    const [renewal] = (await h.stripe.invoices.list({ subscription: sub.id, limit: 1 })).data;

    const at = T0 + 15 * DAY;
    expect(updated.latest_invoice).toBe(sub.latest_invoice);
    expect(renewal?.lines.data.map(lineView)).toEqual([
      {
        amount: -prorationCredit(9_900, T0, addOneMonth(T0), at),
        proration: true,
        price: industry.id,
      },
      { amount: prorationCredit(49_800, T0, addOneMonth(T0), at), proration: true, price: both.id },
      { amount: 49_800, proration: false, price: both.id },
    ]);
  });

  test('advancing past the period renews with a new paid invoice and a moved period', async () => {
    const { h, industry } = await setup();
    const { customer } = await customerWithCard(h);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
    });

    await h.local.advanceClock(addOneMonth(T0) - T0);
    const renewed = await h.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });

    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: addOneMonth(T0),
      current_period_end: addOneMonth(addOneMonth(T0)),
    });
    expect(renewed.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: 9_900,
      number: 'LOCAL-0002',
      billing_reason: 'subscription_cycle',
    });
  });

  test('cancel_at_period_end ends the subscription when the clock passes the period', async () => {
    const { h, industry } = await setup();
    const { customer } = await customerWithCard(h);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
    });

    const pending = await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await h.local.advanceClock(addOneMonth(T0) - T0 + 60);
    await h.local.drainWebhooks();
    const ended = await h.stripe.subscriptions.retrieve(sub.id);

    expect(pending).toMatchObject({ status: 'active', cancel_at: addOneMonth(T0) });
    expect(ended).toMatchObject({ status: 'canceled', ended_at: addOneMonth(T0) });
    const deleted = h.received.filter((e) => e.type === 'customer.subscription.deleted');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.data.object).toMatchObject({ id: sub.id, status: 'canceled' });
    const invoices = await h.stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data).toHaveLength(1);
    const active = await h.stripe.subscriptions.list({ customer: customer.id });
    const all = await h.stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(active.data).toEqual([]);
    expect(all.data.map((s) => s.id)).toEqual([sub.id]);
  });

  test('DELETE cancels at once', async () => {
    const { h, industry } = await setup();
    const { customer } = await customerWithCard(h);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: industry.id }],
    });

    const canceled = await h.stripe.subscriptions.cancel(sub.id);

    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: T0, ended_at: T0 });
  });

  test('a refused delivery is retried until the receiver accepts it, in order', async () => {
    const h = await harness.start();
    h.failNext.push(500, 503);

    const customer = await h.stripe.customers.create({ email: 'retry@example.com' });
    await h.stripe.customers.update(customer.id, { name: 'Retry' });
    await h.local.drainWebhooks();

    expect(h.received.map((e) => e.type)).toEqual(['customer.created', 'customer.updated']);
    expect(h.received[1]?.data.previous_attributes).toEqual({ name: null });
  });
});
