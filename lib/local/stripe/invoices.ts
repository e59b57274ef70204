import type Stripe from 'stripe';
import { type Ctx, changed, clone, get, idOf } from './context';
import { adjustBalance } from './customers';
import { invalidParam, invalidRequest } from './errors';
import type { Params } from './form';
import { activeDiscounts, lineDiscounts } from './lines';
import { cardError, cardFailure } from './payment-methods';
import { type CardFailure, type LineDraft, newId } from './store';
import { LIST_PARAMS, listOf, newestFirst } from './views';

/**
 * A draft invoice for `lines` of a subscription (not stored yet). Discounts of the subscription
 * apply per line (percent_off); the customer's balance (negative = credit) is applied to the
 * total: amount_due = max(0, total + balance), ending_balance = min(0, total + balance).
 * Units: integer cents, Unix seconds.
 */
export function buildInvoice(
  ctx: Ctx,
  sub: Stripe.Subscription,
  lines: LineDraft[],
  reason: Stripe.Invoice.BillingReason,
  period: { start: number; end: number },
): Stripe.Invoice {
  const customer = get.customer(ctx, sub.customer as string);
  const id = newId('in');
  const now = ctx.now();
  const discounts = activeDiscounts(ctx, sub, now);
  const items = lines.map((line) =>
    lineItem(ctx, id, sub, line, lineDiscounts(ctx, discounts, line)),
  );
  const subtotal = items.reduce((sum, line) => sum + line.amount, 0);
  const totalDiscounts = discounts
    .map(({ discount }) => ({
      amount: items
        .flatMap((line) => line.discount_amounts ?? [])
        .filter((d) => d.discount === discount.id)
        .reduce((sum, d) => sum + d.amount, 0),
      discount: discount.id,
    }))
    .filter((d) => d.amount !== 0);
  const total = subtotal - totalDiscounts.reduce((sum, d) => sum + d.amount, 0);
  const owed = total + customer.balance;
  const sendInvoice = sub.collection_method === 'send_invoice';
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'AnalyticOwl (local Stripe)',
    account_tax_ids: null,
    amount_due: Math.max(0, owed),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, owed),
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: sub.collection_method,
    created: now,
    currency: sub.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: discounts.map(({ discount }) => discount.id),
    due_date: sendInvoice ? now + (sub.days_until_due ?? 30) * 86_400 : null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${ctx.baseUrl}/__local/invoices/${id}`,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: items, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: clone(sub.metadata), subscription: sub.id },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: period.end,
    period_start: period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: customer.balance,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts: totalDiscounts,
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

function lineItem(
  ctx: Ctx,
  invoice: string,
  sub: Stripe.Subscription,
  line: LineDraft,
  discountAmounts: Stripe.InvoiceLineItem.DiscountAmount[],
): Stripe.InvoiceLineItem {
  const price = get.price(ctx, line.price);
  const item: Stripe.InvoiceLineItem = {
    id: newId('il'),
    object: 'line_item',
    amount: line.amount,
    currency: price.currency,
    description: line.description,
    discount_amounts: discountAmounts,
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: sub.id,
        subscription_item: line.subscriptionItem,
      },
      type: 'subscription_item_details',
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: price.id, product: idOf(price.product) as string },
      type: 'price_details',
      unit_amount_decimal: price.unit_amount_decimal,
    },
    quantity: line.quantity,
    quantity_decimal: String(
      line.quantity,
    ) as unknown as Stripe.InvoiceLineItem['quantity_decimal'],
    subscription: sub.id,
    subtotal: line.amount,
    taxes: [],
  };
  return item;
}

/** Stripe's words when a customer has no card to charge. */
export const NO_CARD =
  'This customer has no attached payment source or default payment method. Please consider adding a default payment method.';

/** What collecting a finalized invoice will do: paid, failed (card declined / no card) or open. */
export type Collection = 'paid' | 'failed' | 'open';

/**
 * Predicts the collection of `invoice` without changing anything: nothing due -> paid;
 * send_invoice or `attempt` false -> open; else the default card (the subscription's, then
 * the customer's) pays unless it is a failing test card or missing.
 */
export function collectionOf(ctx: Ctx, invoice: Stripe.Invoice, attempt = true): Collection {
  if (invoice.amount_due === 0) return 'paid';
  if (invoice.collection_method === 'send_invoice' || !attempt) return 'open';
  return chargeFailure(ctx, invoice) ? 'failed' : 'paid';
}

/** Why charging the invoice's card fails ('no_card' when there is none), or undefined. */
export function chargeFailure(
  ctx: Ctx,
  invoice: Stripe.Invoice,
  pmId?: string,
): CardFailure | 'no_card' | undefined {
  const sub = ctx.state.subscriptions[subscriptionOf(invoice) ?? ''];
  const customer = get.customer(ctx, invoice.customer as string);
  const pm =
    pmId ??
    idOf(sub?.default_payment_method) ??
    idOf(customer.invoice_settings.default_payment_method);
  return pm ? cardFailure(ctx, pm, 'charge') : 'no_card';
}

/** The subscription an invoice belongs to (parent.subscription_details.subscription). */
export const subscriptionOf = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription);

/**
 * Stores and runs a draft: invoice.created, then finalized (number LOCAL-0001..., balance
 * applied to the customer; invoice.finalized), then collected as {@link collectionOf} says
 * (invoice.paid + invoice.payment_succeeded, or invoice.payment_failed).
 */
export function issueInvoice(ctx: Ctx, invoice: Stripe.Invoice, attempt = true): Collection {
  const outcome = collectionOf(ctx, invoice, attempt);
  ctx.state.invoices[invoice.id] = invoice;
  ctx.emit('invoice.created', invoice);
  ctx.state.invoiceSeq += 1;
  invoice.number = `LOCAL-${String(ctx.state.invoiceSeq).padStart(4, '0')}`;
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = ctx.now();
  invoice.effective_at = ctx.now();
  const customer = get.customer(ctx, invoice.customer as string);
  const owed = invoice.total + customer.balance;
  invoice.ending_balance = Math.min(0, owed);
  adjustBalance(ctx, customer, Math.min(0, owed));
  ctx.emit('invoice.finalized', invoice);
  if (outcome === 'paid') markPaid(ctx, invoice);
  if (outcome === 'failed') {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    ctx.emit('invoice.payment_failed', invoice);
  }
  return outcome;
}

function markPaid(ctx: Ctx, invoice: Stripe.Invoice): void {
  if (invoice.amount_due > 0) {
    invoice.attempted = true;
    invoice.attempt_count += 1;
  }
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status = 'paid';
  invoice.status_transitions.paid_at = ctx.now();
  ctx.emit('invoice.paid', invoice);
  ctx.emit('invoice.payment_succeeded', invoice);
}

/**
 * True when an invoice of `sub` is still open after its due date (send_invoice: Stripe then
 * makes the subscription past_due).
 */
export function hasOverdueInvoice(ctx: Ctx, sub: Stripe.Subscription): boolean {
  const now = ctx.now();
  return Object.values(ctx.state.invoices).some(
    (invoice) =>
      subscriptionOf(invoice) === sub.id &&
      invoice.status === 'open' &&
      invoice.due_date !== null &&
      invoice.due_date <= now,
  );
}

/**
 * POST /v1/invoices/:id/pay: collects an open invoice with `payment_method` (attached to the
 * customer) or the default card, or marks it `paid_out_of_band`. A subscription waiting on it
 * (incomplete / past_due: its latest invoice, or for send_invoice the last overdue one) becomes
 * active.
 * @throws 402 card_error when the card is declined (the attempt is recorded).
 */
export function payInvoice(ctx: Ctx, p: Params, id: string): Stripe.Invoice {
  p.only(['payment_method', 'paid_out_of_band', 'expand', 'off_session']);
  const invoice = get.invoice(ctx, id);
  if (invoice.status !== 'open') {
    throw invalidRequest(`Invoice is already ${invoice.status}.`, 'invoice_not_open');
  }
  const pm = p.str('payment_method');
  if (pm && get.paymentMethod(ctx, pm, 'payment_method').customer !== invoice.customer) {
    throw invalidParam('payment_method', 'The payment method must be attached to the customer.');
  }
  const failure = p.bool('paid_out_of_band') ? undefined : chargeFailure(ctx, invoice, pm);
  if (failure === 'no_card') throw invalidRequest(NO_CARD);
  if (failure) {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    ctx.emit('invoice.payment_failed', invoice);
    throw cardError(failure, undefined, {}, true);
  }
  markPaid(ctx, invoice);
  const sub = ctx.state.subscriptions[subscriptionOf(invoice) ?? ''];
  const settled =
    sub?.latest_invoice === invoice.id ||
    (sub?.collection_method === 'send_invoice' && !hasOverdueInvoice(ctx, sub));
  if (sub && settled && ['incomplete', 'past_due', 'unpaid'].includes(sub.status)) {
    const before = clone(sub);
    sub.status = 'active';
    ctx.emit('customer.subscription.updated', sub, changed(before, sub));
  }
  return invoice;
}

/** GET /v1/invoices: filters customer, subscription, status; newest first. */
export function listInvoices(ctx: Ctx, p: Params) {
  p.only([...LIST_PARAMS, 'customer', 'subscription', 'status', 'collection_method']);
  const customer = p.str('customer');
  const sub = p.str('subscription');
  const status = p.str('status');
  const rows = newestFirst(ctx.state.invoices).filter(
    (x) =>
      (!customer || x.customer === customer) &&
      (!sub || subscriptionOf(x) === sub) &&
      (!status || x.status === status),
  );
  return listOf(rows, p, '/v1/invoices');
}
