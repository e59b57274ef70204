import type Stripe from 'stripe';
import { addOneMonth } from '#shared/billing/proration';
import { type Ctx, changed, clone, get, idOf } from './context';
import { invalidParam, invalidRequest, missingParam, noSuch } from './errors';
import type { Params } from './form';
import { buildInvoice, chargeFailure, collectionOf, issueInvoice, NO_CARD } from './invoices';
import { creditLine, fullLine, remainingLine } from './lines';
import { cardError } from './payment-methods';
import type { LineDraft } from './store';
import { newId } from './store';
import {
  assertDistinctPrices,
  billablePrice,
  cancellationOf,
  consumeOnceDiscounts,
  discountsFrom,
  endSubscription,
  newItem,
  periodOf,
  quantityOf,
  setPrice,
} from './subscription-parts';
import { LIST_PARAMS, listOf, newestFirst } from './views';

const BEHAVIORS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete'] as const;
const PRORATIONS = ['create_prorations', 'always_invoice', 'none'] as const;
const ANCHORS = ['now', 'unchanged'] as const;
const COMMON = [
  'items',
  'default_payment_method',
  'collection_method',
  'days_until_due',
  'discounts',
  'coupon',
  'metadata',
  'description',
  'payment_behavior',
  'proration_behavior',
  'cancel_at_period_end',
  'expand',
];

/** default_payment_method: '' clears; otherwise a card attached to the customer. */
function paymentMethodParam(ctx: Ctx, p: Params, customer: string): string | null {
  const id = p.str('default_payment_method') || null;
  if (id && get.paymentMethod(ctx, id, 'default_payment_method').customer !== customer) {
    throw invalidParam(
      'default_payment_method',
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
    );
  }
  return id;
}

function collectionParams(p: Params, sub: Stripe.Subscription): void {
  sub.collection_method =
    p.oneOf('collection_method', ['charge_automatically', 'send_invoice']) ?? sub.collection_method;
  if (p.has('days_until_due')) sub.days_until_due = p.int('days_until_due') ?? null;
  if (sub.collection_method === 'send_invoice' && sub.days_until_due === null)
    throw missingParam('days_until_due');
  if (sub.collection_method === 'charge_automatically') sub.days_until_due = null;
}

/**
 * Bills `lines` now for `sub` and settles its status from the collection (a failed charge ->
 * `failedStatus`). Throws instead, changing nothing, when payment_behavior is
 * error_if_incomplete and the charge would fail.
 * @returns a function that issues the invoice (called after the subscription's own event).
 */
function billNow(
  ctx: Ctx,
  sub: Stripe.Subscription,
  lines: LineDraft[],
  reason: Stripe.Invoice.BillingReason,
  behavior: (typeof BEHAVIORS)[number],
  failedStatus: Stripe.Subscription.Status,
): () => void {
  const now = ctx.now();
  const invoice = buildInvoice(ctx, sub, lines, reason, { start: now, end: now });
  const attempt = behavior !== 'default_incomplete';
  const outcome = collectionOf(ctx, invoice, attempt);
  if (outcome === 'failed') {
    const failure = chargeFailure(ctx, invoice);
    if (failure === 'no_card' && behavior !== 'default_incomplete') throw invalidRequest(NO_CARD);
    if (failure && failure !== 'no_card' && behavior === 'error_if_incomplete')
      throw cardError(failure);
    sub.status = failedStatus;
  }
  if (outcome === 'open' && !attempt && reason === 'subscription_create') sub.status = failedStatus;
  sub.latest_invoice = invoice.id;
  return () => {
    issueInvoice(ctx, invoice, attempt);
    consumeOnceDiscounts(ctx, sub);
  };
}

/**
 * POST /v1/subscriptions: customer, items[i][price|quantity|metadata], default_payment_method,
 * collection_method (send_invoice needs days_until_due), discounts[0][coupon] or coupon,
 * metadata, payment_behavior, proration_behavior. Items run [now, addOneMonth(now)); the first
 * invoice is issued at once: paid -> active; declined -> incomplete (402 with
 * error_if_incomplete); send_invoice -> open and active.
 * Emits customer.subscription.created, then invoice.created/finalized/paid|payment_failed.
 */
export function createSubscription(ctx: Ctx, p: Params): Stripe.Subscription {
  p.only([...COMMON, 'customer']);
  const customer = get.customer(ctx, p.reqStr('customer'), 'customer');
  const itemParams = p.objects('items');
  if (itemParams.length === 0) throw missingParam('items');
  const behavior = p.oneOf('payment_behavior', BEHAVIORS) ?? 'allow_incomplete';
  p.oneOf('proration_behavior', PRORATIONS);
  const now = ctx.now();
  const period = { start: now, end: addOneMonth(now) };
  const id = newId('sub');
  const items = itemParams.map((ip) => {
    ip.only(['price', 'quantity', 'metadata']);
    const price = billablePrice(ctx, ip.reqStr('price'), ip.name('price'));
    return newItem(ctx, id, price, quantityOf(ip), period, ip.metadata());
  });
  const sub: Stripe.Subscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_schedules: [],
    billing_mode: {
      flexible: { proration_discounts: 'included' },
      type: 'flexible',
      updated_at: now,
    },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: items[0]?.price.currency ?? 'usd',
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: paymentMethodParam(ctx, p, customer.id),
    default_source: null,
    default_tax_rates: [],
    description: p.str('description') || null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: items,
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: p.metadata(),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
  collectionParams(p, sub);
  assertDistinctPrices(sub);
  sub.discounts = discountsFrom(ctx, p, sub) ?? [];
  ctx.state.subscriptions[id] = sub;
  const issue = billNow(
    ctx,
    sub,
    items.map((item) => fullLine(ctx, item)),
    'subscription_create',
    behavior,
    'incomplete',
  );
  if (p.bool('cancel_at_period_end')) requestCancel(ctx, sub, true);
  ctx.emit('customer.subscription.created', sub);
  issue();
  return sub;
}

function requestCancel(ctx: Ctx, sub: Stripe.Subscription, cancel: boolean): void {
  sub.cancel_at_period_end = cancel;
  sub.cancel_at = cancel ? periodOf(sub).end : null;
  sub.canceled_at = cancel ? ctx.now() : null;
  cancellationOf(sub).reason = cancel ? 'cancellation_requested' : null;
}

/**
 * POST /v1/subscriptions/:id: items[i][id|price|quantity|deleted|metadata], cancel_at_period_end,
 * metadata, default_payment_method, discounts, collection_method, payment_behavior,
 * proration_behavior (create_prorations: credit/charge lines wait for the next invoice;
 * always_invoice: invoiced now; none), billing_cycle_anchor[type]=now (or =now; new period from now, invoiced
 * now: full price lines plus credits for the old items' unused time; a negative total becomes
 * customer credit). Emits customer.subscription.updated with previous_attributes.
 */
export function updateSubscription(ctx: Ctx, p: Params, id: string): Stripe.Subscription {
  p.only([...COMMON, 'billing_cycle_anchor']);
  const sub = get.subscription(ctx, id);
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw invalidRequest(`You cannot update a subscription that is \`${sub.status}\`.`);
  }
  const behavior = p.oneOf('payment_behavior', BEHAVIORS) ?? 'allow_incomplete';
  const proration = p.oneOf('proration_behavior', PRORATIONS) ?? 'create_prorations';
  // 2026-10-28 sends billing_cycle_anchor[type]=now; older versions billing_cycle_anchor=now.
  const anchorValue =
    typeof p.raw.billing_cycle_anchor === 'string'
      ? p.oneOf('billing_cycle_anchor', ANCHORS)
      : p.obj('billing_cycle_anchor')?.oneOf('type', ANCHORS);
  const anchorNow = anchorValue === 'now';
  const before = clone(sub);
  const now = ctx.now();
  const lines = changeItems(ctx, p, sub, now);
  if (p.has('cancel_at_period_end'))
    requestCancel(ctx, sub, p.bool('cancel_at_period_end') ?? false);
  sub.metadata = p.metadata(sub.metadata);
  if (p.has('description')) sub.description = p.str('description') || null;
  if (p.has('default_payment_method'))
    sub.default_payment_method = paymentMethodParam(ctx, p, sub.customer as string);
  collectionParams(p, sub);
  sub.discounts = discountsFrom(ctx, p, sub) ?? sub.discounts;
  const pending = ctx.state.pendingLines[sub.id] ?? [];
  let invoiceLines: LineDraft[] | undefined;
  if (anchorNow) {
    const credits =
      proration === 'none' ? [] : before.items.data.map((item) => creditLine(ctx, item, now));
    const period = { start: now, end: addOneMonth(now) };
    for (const item of sub.items.data) {
      item.current_period_start = period.start;
      item.current_period_end = period.end;
    }
    sub.billing_cycle_anchor = now;
    if (sub.cancel_at_period_end) sub.cancel_at = period.end;
    invoiceLines = [
      ...pending,
      ...credits.filter((l) => l !== undefined),
      ...sub.items.data.map((item) => fullLine(ctx, item)),
    ];
  } else if (lines.length > 0 && proration === 'always_invoice') {
    invoiceLines = [...pending, ...lines];
  } else if (lines.length > 0 && proration === 'create_prorations') {
    ctx.state.pendingLines[sub.id] = [...pending, ...lines];
  }
  let issue: (() => void) | undefined;
  if (invoiceLines) {
    delete ctx.state.pendingLines[sub.id];
    issue = billNow(ctx, sub, invoiceLines, 'subscription_update', behavior, 'past_due');
  }
  const previous = changed(before, sub);
  if (previous) ctx.emit('customer.subscription.updated', sub, previous);
  issue?.();
  return sub;
}

/** Applies items[i]; returns the mid-period proration lines the change implies. */
function changeItems(ctx: Ctx, p: Params, sub: Stripe.Subscription, now: number): LineDraft[] {
  const lines: (LineDraft | undefined)[] = [];
  for (const ip of p.objects('items')) {
    ip.only(['id', 'price', 'quantity', 'deleted', 'metadata', 'clear_usage']);
    const itemId = ip.str('id');
    if (!itemId) {
      const price = billablePrice(ctx, ip.reqStr('price'), ip.name('price'));
      const item = newItem(ctx, sub.id, price, quantityOf(ip), periodOf(sub), ip.metadata());
      sub.items.data.push(item);
      lines.push(remainingLine(ctx, item, now));
      continue;
    }
    const item = sub.items.data.find((x) => x.id === itemId);
    if (!item) throw noSuch('subscription item', itemId, ip.name('id'));
    if (ip.bool('deleted')) {
      lines.push(creditLine(ctx, item, now));
      sub.items.data = sub.items.data.filter((x) => x !== item);
      continue;
    }
    const price = ip.str('price')
      ? billablePrice(ctx, ip.reqStr('price'), ip.name('price'))
      : item.price;
    const quantity = ip.has('quantity') ? quantityOf(ip) : (item.quantity ?? 1);
    if (price.id !== item.price.id || quantity !== item.quantity) {
      lines.push(creditLine(ctx, item, now));
      setPrice(item, price);
      item.quantity = quantity;
      lines.push(remainingLine(ctx, item, now));
    }
    item.metadata = ip.metadata(item.metadata);
  }
  if (sub.items.data.length === 0) {
    throw invalidRequest(
      'A subscription must have at least one active plan. To cancel a subscription, please use the cancel endpoint.',
    );
  }
  assertDistinctPrices(sub);
  return lines.filter((line) => line !== undefined);
}

/** DELETE /v1/subscriptions/:id: canceled now; emits customer.subscription.deleted. */
export function cancelSubscription(ctx: Ctx, p: Params, id: string): Stripe.Subscription {
  p.only(['expand', 'cancellation_details', 'invoice_now', 'prorate']);
  if (p.bool('invoice_now') || p.bool('prorate')) {
    throw invalidParam(
      p.bool('prorate') ? 'prorate' : 'invoice_now',
      'Not supported by the local Stripe stand-in.',
    );
  }
  const sub = get.subscription(ctx, id);
  if (sub.status === 'canceled')
    throw invalidRequest('This subscription has already been canceled.');
  const details = p.obj('cancellation_details');
  if (details) {
    details.only(['comment', 'feedback']);
    cancellationOf(sub).comment = details.str('comment') || null;
  }
  sub.canceled_at = ctx.now();
  sub.cancel_at_period_end = false;
  endSubscription(ctx, sub, ctx.now());
  return sub;
}

/** GET /v1/subscriptions: customer, price, status (default: all but canceled; 'all'; 'ended'). */
export function listSubscriptions(ctx: Ctx, p: Params) {
  p.only([...LIST_PARAMS, 'customer', 'price', 'status', 'collection_method']);
  const customer = p.str('customer');
  const price = p.str('price');
  const status = p.str('status');
  const statusOk = (s: Stripe.Subscription.Status) =>
    status === 'all' ||
    (status === 'ended'
      ? s === 'canceled' || s === 'incomplete_expired'
      : status
        ? s === status
        : s !== 'canceled');
  const rows = newestFirst(ctx.state.subscriptions).filter(
    (sub) =>
      (!customer || idOf(sub.customer as string) === customer) &&
      (!price || sub.items.data.some((item) => item.price.id === price)) &&
      statusOk(sub.status),
  );
  return listOf(rows, p, '/v1/subscriptions');
}
