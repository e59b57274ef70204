import { describe, expect, test } from 'vitest';
import { addOneMonth } from '#shared/billing/proration';
import { confirmInBrowser, customerWithCard, harnessPerTest, monthlyPrice, T0 } from './harness';

const harness = harnessPerTest();

const DAY = 86_400;

/** A send_invoice subscription to Industry Insights with its first invoice open. */
async function invoiced() {
  const h = await harness.start();
  const price = await monthlyPrice(h, 'individual_industry_monthly', 9_900);
  const customer = await h.stripe.customers.create({ email: 'ap@example.com' });
  const sub = await h.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    collection_method: 'send_invoice',
    days_until_due: 30,
  });
  return { h, sub, invoiceId: sub.latest_invoice as string };
}

describe('local Stripe: paying invoices and overdue invoices', () => {
  test('POST /__local/invoices/:id/pay marks an open invoice paid and sends invoice.paid', async () => {
    const { h, sub, invoiceId } = await invoiced();

    const res = await fetch(`${h.local.url}/__local/invoices/${invoiceId}/pay`, { method: 'POST' });
    await h.local.drainWebhooks();

    expect(res.status).toBe(200);
    expect(await h.stripe.invoices.retrieve(invoiceId)).toMatchObject({
      status: 'paid',
      amount_paid: 9_900,
    });
    expect(h.received.map((e) => e.type)).toContain('invoice.paid');
    const paid = await h.stripe.invoices.list({ subscription: sub.id, status: 'paid' });
    expect(paid.data.map((i) => i.id)).toEqual([invoiceId]);
  });

  test('paying an invoice twice is refused with Stripe’s words', async () => {
    const { h, invoiceId } = await invoiced();
    await fetch(`${h.local.url}/__local/invoices/${invoiceId}/pay`, { method: 'POST' });

    const again = await fetch(`${h.local.url}/__local/invoices/${invoiceId}/pay`, {
      method: 'POST',
    });

    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Invoice is already paid.',
    );
  });

  test('the hosted invoice page of an open invoice offers to mark it paid', async () => {
    const { h, invoiceId } = await invoiced();

    const page = await (await fetch(`${h.local.url}/__local/invoices/${invoiceId}`)).text();

    expect(page).toContain(`action="/__local/invoices/${invoiceId}/pay"`);
    expect(page).toContain('Mark as paid');
  });

  test('an invoice not paid by its due date makes the subscription past_due', async () => {
    const { h, sub } = await invoiced();

    await h.local.advanceClock(29 * DAY);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await h.local.advanceClock(1 * DAY);
    await h.local.drainWebhooks();

    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    const updated = h.received.filter((e) => e.type === 'customer.subscription.updated');
    expect(updated.at(-1)?.data.object).toMatchObject({ id: sub.id, status: 'past_due' });
  });

  test('paying the overdue invoice makes the subscription active again', async () => {
    const { h, sub, invoiceId } = await invoiced();
    await h.local.advanceClock(31 * DAY);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');

    await fetch(`${h.local.url}/__local/invoices/${invoiceId}/pay`, { method: 'POST' });

    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  test('a failed renewal leaves the card subscription past_due', async () => {
    const h = await harness.start();
    const price = await monthlyPrice(h, 'individual_industry_monthly', 9_900);
    const { customer } = await customerWithCard(h);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    // The card on file is replaced by one that attaches but whose charges fail.
    const si = await h.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    const failing = await confirmInBrowser(h.local, si, { number: '4000000000000341' });
    await h.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: failing.body.payment_method as string },
    });

    await h.local.advanceClock(addOneMonth(T0) - T0);

    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
  });
});
