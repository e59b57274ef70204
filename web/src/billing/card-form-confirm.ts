import type { CardForm, SetupIntentResult } from '#shared/contracts/billing.schema';

/**
 * Confirming a SetupIntent with the local Stripe stand-in: the browser's local card form
 * confirms a SetupIntent directly with the stand-in. The card goes from the
 * browser straight to the stand-in, form-encoded as Stripe's API takes it: never to our API,
 * never into a log, a URL or a stored state.
 */

/** A card Stripe refused, with Stripe's own words (e.g. "Your card was declined."). */
export class CardError extends Error {
  constructor(
    message: string,
    /** Stripe's error code, e.g. `card_declined`. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

/** Shown when the card service gave no words of its own. */
export const CARD_FALLBACK = 'We could not save this card. Please check it and try again.';

/** How the card form reaches Stripe: Stripe.js Elements, or a stand-in at a URL. */
export type CardMode = { kind: 'elements' } | { kind: 'local'; url: string };

/**
 * Reads a SetupIntent answer's `card_endpoint`: `elements`, else an http(s) URL (its trailing
 * slash dropped). @throws CardError for anything else (a misconfigured server).
 */
export function cardMode(intent: Pick<SetupIntentResult, 'card_endpoint'>): CardMode {
  if (intent.card_endpoint === 'elements') return { kind: 'elements' };
  try {
    const url = new URL(intent.card_endpoint);
    if (url.protocol === 'http:' || url.protocol === 'https:')
      return { kind: 'local', url: url.toString().replace(/\/+$/, '') };
  } catch {
    // falls through
  }
  throw new CardError(CARD_FALLBACK);
}

/** The form body of a confirm call (Stripe's bracketed field names). */
export function confirmBody(clientSecret: string, card: CardForm): URLSearchParams {
  const pm = 'payment_method_data';
  const body = new URLSearchParams();
  body.set('client_secret', clientSecret);
  body.set(`${pm}[type]`, 'card');
  body.set(`${pm}[card][number]`, card.number);
  body.set(`${pm}[card][exp_month]`, String(card.expire_month));
  body.set(`${pm}[card][exp_year]`, String(card.expire_year));
  body.set(`${pm}[card][cvc]`, card.cvc);
  body.set(`${pm}[billing_details][name]`, card.billing_name);
  const address = {
    line1: card.address,
    line2: card.address_additional,
    city: card.city,
    state: card.state,
    postal_code: card.zipcode,
    country: card.country,
  };
  for (const [key, value] of Object.entries(address))
    if (value) body.set(`${pm}[billing_details][address][${key}]`, value);
  return body;
}

/**
 * POSTs the card to `${url}/v1/setup_intents/${id}/confirm` with the publishable key as the
 * bearer (contracts.md). Resolves when the SetupIntent succeeded.
 * @throws CardError with Stripe's message for a refused card (HTTP 402 `card_error`), a
 *   SetupIntent that did not succeed, or a network failure.
 */
export async function confirmWithStandIn(
  url: string,
  intent: SetupIntentResult,
  card: CardForm,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      `${url}/v1/setup_intents/${encodeURIComponent(intent.setup_intent_id)}/confirm`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${intent.publishable_key}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: confirmBody(intent.client_secret, card).toString(),
      },
    );
  } catch {
    throw new CardError(CARD_FALLBACK);
  }
  const answer = (await response.json().catch(() => null)) as {
    status?: string;
    error?: { message?: string; code?: string };
    last_setup_error?: { message?: string; code?: string } | null;
  } | null;
  if (!response.ok)
    throw new CardError(answer?.error?.message || CARD_FALLBACK, answer?.error?.code);
  if (answer?.status !== 'succeeded')
    throw new CardError(
      answer?.last_setup_error?.message || CARD_FALLBACK,
      answer?.last_setup_error?.code,
    );
}
