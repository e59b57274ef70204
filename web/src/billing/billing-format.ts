import { format } from 'date-fns';
import { formatUsd, PLAN_NAMES, PRODUCT_NAMES } from '#shared/billing/price-table';
import type { BillingProfile, SubscriptionView } from '#shared/contracts/billing.schema';

/**
 * Display helpers of the billing screens: dates as MM/DD/YYYY (spec §9 "Dates shown M/D/Y") in
 * the viewer's time zone, money from integer cents with the price table's formatUsd, and
 * Stripe's statuses in plain words.
 */

/** An ISO instant or Unix seconds as MM/DD/YYYY; '' for anything unparseable. */
export function formatDay(value: string | number): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MM/dd/yyyy');
}

/** Integer cents per month as `$399/month`. */
export const monthlyUsd = (cents: number) => `${formatUsd(cents)}/month`;

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Payment pending',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** Stripe's subscription status in plain words (unknown ones as they are). */
export function statusText(status: string): string {
  return STATUS_TEXT[status] ?? status;
}

/** The status row of a subscription: "Pending payment" while it waits for its first invoice. */
export function subscriptionStatusText(sub: Pick<SubscriptionView, 'status' | 'access'>): string {
  return sub.access === 'pending' ? 'Pending payment' : statusText(sub.status);
}

/** The notice of an invoice order waiting for its payment. */
export const PENDING_NOTICE = 'Pending: access starts when the first invoice is paid.';

/**
 * What the account page tells the user about a subscription's access, or null when there is
 * nothing to say: pending until the first invoice is paid; past_due with the day the grace
 * period ends (card: "unless the card is updated"; invoice: "unless the invoice is paid"), or
 * the day it ended.
 */
export function accessNotice(
  sub: Pick<SubscriptionView, 'status' | 'access' | 'grace_ends_at'>,
  method: BillingProfile['billing_method'],
): string | null {
  if (sub.access === 'pending') return PENDING_NOTICE;
  if (sub.status !== 'past_due' || !sub.grace_ends_at) return null;
  const day = formatDay(sub.grace_ends_at);
  const invoice = method === 'invoice';
  const failed = invoice ? 'Payment overdue' : 'Payment failed';
  if (sub.access === 'grace')
    return `${failed}: access ends on ${day} unless the ${invoice ? 'invoice is paid' : 'card is updated'}.`;
  return `${failed}: access ended on ${day}. ${invoice ? 'Pay the invoice' : 'Update the card'} to restore it.`;
}

/** "Individual Unlimited · Advertiser Insights" (the plan alone when it has no product). */
export function planLabel(sub: Pick<SubscriptionView, 'plan' | 'product'>): string {
  return sub.product
    ? `${PLAN_NAMES[sub.plan]} · ${PRODUCT_NAMES[sub.product]}`
    : PLAN_NAMES[sub.plan];
}

/**
 * The renewal line of a subscription: "Cancels on 12/23/2026" when it ends at the period end,
 * "Ended 12/23/2026" once canceled, else "Renews on 12/23/2026".
 */
export function renewalText(sub: SubscriptionView): string {
  const day = formatDay(sub.current_period_end);
  if (sub.status === 'canceled') return `Ended ${day}`;
  return sub.cancel_at_period_end ? `Cancels on ${day}` : `Renews on ${day}`;
}

/** "Visa •••• 4242" ("Card •••• 4242" when the brand is unknown). */
export function cardLabel(brand: string | null, last4: string | null): string {
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
  return last4 ? `${name} •••• ${last4}` : name;
}

/** How a profile pays, in words: "Visa •••• 4242" or "Invoice to a@b.com". */
export function methodText(profile: BillingProfile): string {
  if (profile.billing_method === 'invoice')
    return `Invoice to ${profile.contact?.billing_contact_emails.join(', ') ?? 'your billing contact'}`;
  return cardLabel(profile.brand, profile.last4);
}
