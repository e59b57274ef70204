import type { BillingDeps } from './ports';
import { syncCustomer } from './sync-customer';

/** How long a processed event id is remembered (Stripe retries for up to 3 days). */
export const EVENT_CLAIM_TTL_S = 7 * 24 * 3600;

/** Event types that change what a customer is entitled to, or the card we show. */
const SYNCED_PREFIXES = ['customer.subscription.', 'invoice.', 'payment_method.'];
const SYNCED_TYPES = ['setup_intent.succeeded'];

/** Does this event type trigger a sync of its customer? */
export function syncsCustomer(type: string): boolean {
  return SYNCED_TYPES.includes(type) || SYNCED_PREFIXES.some((p) => type.startsWith(p));
}

/** What the webhook did with an event. */
export interface WebhookOutcome {
  /** `synced`: the customer was copied; `duplicate`: seen before; `ignored`: not ours to act on. */
  action: 'synced' | 'duplicate' | 'ignored';
  event_id: string;
}

/**
 * POST stripe_webhook (house-style item 7 "Stripe webhook bodies are verified, then
 * parsed").
 *
 * Steps:
 * 1. Verify Stripe's signature over the raw body (a bad one: 400, nothing changes).
 * 2. Events that do not concern a customer's subscriptions, invoices or cards are ignored.
 * 3. Claim the event id (conditional write): a duplicate delivery is answered 200 and not
 *    processed again.
 * 4. Sync the customer from Stripe (sync-customer.ts: re-reads Stripe, so order does not
 *    matter). When that fails the claim is released and the error rethrown (500), so Stripe's
 *    retry is processed.
 * @throws WebhookSignatureInvalid (400); whatever the sync throws.
 */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: string,
  signature: string,
): Promise<WebhookOutcome> {
  const event = await deps.webhooks.verify(rawBody, signature);
  if (!syncsCustomer(event.type) || !event.customer)
    return { action: 'ignored', event_id: event.id };
  if (!(await deps.store.claimEvent(event.id, EVENT_CLAIM_TTL_S)))
    return { action: 'duplicate', event_id: event.id };
  try {
    await syncCustomer(deps, event.customer);
  } catch (error) {
    await deps.store.releaseEvent(event.id);
    throw error;
  }
  return { action: 'synced', event_id: event.id };
}
