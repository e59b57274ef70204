import Stripe from 'stripe';
import { WebhookSignatureInvalid } from '../core/billing-errors';
import type { WebhookEvent, WebhookVerifier } from '../core/ports';

/**
 * The customer an event is about: the object's `customer` (subscriptions, invoices, setup
 * intents, payment methods), a detached card's previous customer, or the customer itself for
 * `customer.*` events.
 */
export function customerOfEvent(event: {
  type: string;
  data: { object: unknown; previous_attributes?: unknown };
}): string | null {
  const object = event.data.object as { id?: unknown; object?: unknown; customer?: unknown };
  const ref = (v: unknown) =>
    typeof v === 'string'
      ? v
      : typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
        ? (v as { id: string }).id
        : null;
  if (object?.object === 'customer') return ref(object.id);
  const previous = event.data.previous_attributes as { customer?: unknown } | undefined;
  return ref(object?.customer) ?? ref(previous?.customer);
}

/**
 * WebhookVerifier on the SDK's `webhooks.constructEvent` (HMAC-SHA256 of `t.payload` with the
 * endpoint secret, 5-minute tolerance; no network). The secret is read on first use (Secrets
 * Manager in AWS).
 */
export class StripeWebhookVerifier implements WebhookVerifier {
  constructor(private readonly secret: () => Promise<string>) {}

  async verify(rawBody: string, signature: string): Promise<WebhookEvent> {
    if (!signature) throw new WebhookSignatureInvalid();
    const secret = await this.secret();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new WebhookSignatureInvalid();
      throw error;
    }
    return { id: event.id, type: event.type, customer: customerOfEvent(event) };
  }
}
