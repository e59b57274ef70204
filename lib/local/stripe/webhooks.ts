import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * The `Stripe-Signature` header Stripe sends: `t=<unix>,v1=<hex hmac-sha256(secret, "t.payload")>`,
 * exactly what `stripe.webhooks.constructEvent(payload, header, secret)` verifies.
 * @param timestamp Unix seconds; real wall-clock time, since receivers check it is within 5 min.
 */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Delays before each retry of a failed delivery (ms): three retries after the first try. */
const RETRY_DELAYS_MS = [100, 300, 900];
const ATTEMPT_TIMEOUT_MS = 5_000;

/**
 * Delivers events to the webhook endpoint in the background, never blocking an API answer.
 * Events sharing an ordering key (the customer, so also each subscription) are delivered one
 * after another in creation order; a non-2xx answer or network failure is retried with a short
 * backoff, then given up.
 */
export class WebhookQueue {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly secret: string) {}

  /** Queues `event` for `url` behind earlier events with the same `key`. */
  enqueue(url: string, event: Stripe.EventBase, key: string): void {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(url, event));
    this.chains.set(key, next);
    this.inFlight.add(next);
    void next.finally(() => {
      this.inFlight.delete(next);
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
  }

  /** Resolves once every delivery queued so far (retries included) has finished. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops retrying; deliveries not yet started are skipped. */
  stop(): void {
    this.stopped = true;
  }

  private async deliver(url: string, event: Stripe.EventBase): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length && !this.stopped; attempt += 1) {
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
      if (this.stopped) return;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signPayload(payload, this.secret, Math.floor(Date.now() / 1000)),
          },
          body: payload,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
      } catch {
        // unreachable or timed out: retry below
      }
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
