import type Stripe from 'stripe';
import { addOneMonth } from '#shared/billing/proration';
import { type Ctx, changed, clone, idOf } from './context';
import { buildInvoice, collectionOf, hasOverdueInvoice, issueInvoice } from './invoices';
import { fullLine } from './lines';
import { consumeOnceDiscounts, endSubscription, periodOf } from './subscription-parts';

const RENEWING: Stripe.Subscription.Status[] = ['active', 'past_due', 'trialing'];

/**
 * Runs what the clock has made due, for every subscription whose current period ended by now:
 * cancel_at_period_end (or cancel_at) -> canceled at the period end
 * (customer.subscription.deleted); otherwise renewed for the next month, as many times as
 * needed. Then an active send_invoice subscription with an invoice open past its due date
 * becomes past_due (customer.subscription.updated), as Stripe does. Used after advanceClock and
 * at start (a restart after time passed).
 */
export function runBillingCycle(ctx: Ctx): void {
  const now = ctx.now();
  for (const sub of Object.values(ctx.state.subscriptions)) {
    while (RENEWING.includes(sub.status)) {
      const { end } = periodOf(sub);
      if (end > now) break;
      if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= end)) {
        endSubscription(ctx, sub, end);
        break;
      }
      renew(ctx, sub, end);
    }
    if (
      sub.status === 'active' &&
      sub.collection_method === 'send_invoice' &&
      hasOverdueInvoice(ctx, sub)
    ) {
      const before = clone(sub);
      sub.status = 'past_due';
      ctx.emit('customer.subscription.updated', sub, changed(before, sub));
    }
  }
}

/**
 * Starts the period [start, addOneMonth(start)) and bills it with any pending proration lines
 * (billing_reason subscription_cycle), charged like the first invoice: paid -> active,
 * declined -> past_due, send_invoice -> open. Emits customer.subscription.updated, then the
 * invoice events. Retries of a declined invoice are not simulated: a later paid renewal, or
 * paying the invoice, makes the subscription active again.
 */
function renew(ctx: Ctx, sub: Stripe.Subscription, start: number): void {
  const before = clone(sub);
  const previousPeriod = periodOf(sub);
  const end = addOneMonth(start);
  for (const item of sub.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
  sub.discounts = sub.discounts.filter((ref) => {
    const discount = ctx.state.discounts[idOf(ref) ?? ''];
    return !discount || discount.end === null || discount.end > start;
  });
  const pending = ctx.state.pendingLines[sub.id] ?? [];
  delete ctx.state.pendingLines[sub.id];
  const lines = [...pending, ...sub.items.data.map((item) => fullLine(ctx, item))];
  const invoice = buildInvoice(ctx, sub, lines, 'subscription_cycle', previousPeriod);
  const outcome = collectionOf(ctx, invoice);
  if (outcome === 'paid') sub.status = 'active';
  if (outcome === 'failed') sub.status = 'past_due';
  sub.latest_invoice = invoice.id;
  ctx.emit('customer.subscription.updated', sub, changed(before, sub));
  issueInvoice(ctx, invoice);
  consumeOnceDiscounts(ctx, sub);
}
