import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import type { SetupIntentResult } from '#shared/contracts/billing.schema';
import { CARD_FALLBACK, CardError } from './card-form-confirm';

/**
 * The card field in AWS: Stripe Elements. Stripe.js and its React bindings load with
 * a dynamic import only when the server answers `card_endpoint: 'elements'`, so the local bundle
 * never fetches js.stripe.com. The card number stays inside Stripe's iframe.
 */

/** The name and address Stripe records with the card. */
export interface CardHolder {
  name: string;
  address: {
    line1: string;
    line2?: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
}

/** Confirms the SetupIntent with the card typed in the Element. @throws CardError */
export type ElementsConfirm = (intent: SetupIntentResult, holder: CardHolder) => Promise<void>;

type ReactStripe = typeof import('@stripe/react-stripe-js');

/** Props of {@link ElementsCardField}. */
export interface ElementsCardFieldProps {
  publishableKey: string;
  /** Receives the confirm function once Stripe is ready (null while it is not). */
  onReady: (confirm: ElementsConfirm | null) => void;
}

/** Inside <Elements>: hands the parent a confirm function bound to this Element. */
function CardElementField({
  lib,
  onReady,
}: {
  lib: ReactStripe;
  onReady: ElementsCardFieldProps['onReady'];
}) {
  const stripe = lib.useStripe();
  const elements = lib.useElements();
  useEffect(() => {
    if (!stripe || !elements) {
      onReady(null);
      return;
    }
    onReady(async (intent, holder) => {
      const card = elements.getElement(lib.CardElement) as StripeCardElement | null;
      if (!card) throw new CardError(CARD_FALLBACK);
      const result = await stripe.confirmCardSetup(intent.client_secret, {
        payment_method: { card, billing_details: holder },
      });
      if (result.error)
        throw new CardError(result.error.message || CARD_FALLBACK, result.error.code);
    });
  }, [stripe, elements, lib, onReady]);
  return (
    <div className="card-element">
      <lib.CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
    </div>
  );
}

/** The Stripe Elements card field with its label; "Loading…" until Stripe.js is in. */
export function ElementsCardField({ publishableKey, onReady }: ElementsCardFieldProps) {
  const [loaded, setLoaded] = useState<{ lib: ReactStripe; stripe: Promise<Stripe | null> } | null>(
    null,
  );
  useEffect(() => {
    let live = true;
    void Promise.all([import('@stripe/react-stripe-js'), import('@stripe/stripe-js/pure')]).then(
      ([lib, pure]) => {
        if (live) setLoaded({ lib, stripe: pure.loadStripe(publishableKey) });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return (
    <fieldset className="form-field">
      <legend className="form-field__label">Card details</legend>
      {loaded ? (
        <loaded.lib.Elements stripe={loaded.stripe}>
          <CardElementField lib={loaded.lib} onReady={onReady} />
        </loaded.lib.Elements>
      ) : (
        <p className="form-field__hint" role="status">
          Loading the secure card field…
        </p>
      )}
    </fieldset>
  );
}
