import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UserSession } from '#shared/contracts/account-results.schema';
import type { BillingProfile, CardForm, SetupIntentResult } from '#shared/contracts/billing.schema';
import { ApiError, errorMessage } from '../api/client';
import { FormAlert, SubmitButton } from '../auth/form-controls';
import { BillingContactFields } from './billing-fields';
import {
  type BillingFormInput,
  type BillingFormOutput,
  billingFormResolver,
  type CardEntry,
  cardDefaults,
  contactDefaults,
  withCardAddress,
} from './billing-form-values';
import { CardFields } from './card-form';
import { CARD_FALLBACK, CardError, cardMode, confirmWithStandIn } from './card-form-confirm';
import type { CardHolder, ElementsConfirm } from './card-form-elements';
import { addBillingProfile, cardErrorMessage, createSetupIntent } from './use-billing';

/** Props of {@link BillingForm}. */
export interface BillingFormProps {
  /** The organisation being billed (Stripe customers are per organisation). */
  orgUid: string;
  /** The signed-in user, for the prefill. */
  session: Pick<UserSession, 'full_name' | 'phone' | 'primary_email'> | null;
  /** A stored contact to start from (Update card). @default the session prefill */
  stored?: BillingProfile['contact'];
  onSaved: (profile: BillingProfile) => void;
  /** Shows a Cancel button that calls this. @default none */
  onCancel?: () => void;
  /** @default 'Save billing details' */
  submitLabel?: string;
}

/** The card's name and address as Stripe records them. */
function holderOf(card: NonNullable<BillingFormOutput['card']>): CardHolder {
  return {
    name: card.billing_name,
    address: {
      line1: card.address,
      line2: card.address_additional,
      city: card.city,
      state: card.state,
      postal_code: card.zipcode,
      country: card.country,
    },
  };
}

/**
 * The add-billing form (spec §3 "Billing profile", §7 "Add billing profile POST (organization_uid,
 * billing, credit_card)", §8 "card errors show the card result message"). For a card:
 * create_setup_intent, then the card goes straight to Stripe (the stand-in's confirm URL, or
 * Elements' confirmCardSetup), then add_billing_profile with the SetupIntent id only. A refused
 * card shows Stripe's words inline, and the next try uses a fresh SetupIntent.
 */
export function BillingForm({
  orgUid,
  session,
  stored = null,
  onSaved,
  onCancel,
  submitLabel = 'Save billing details',
}: BillingFormProps) {
  const [intent, setIntent] = useState<SetupIntentResult | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const intentUsed = useRef(false);
  const elementsConfirm = useRef<ElementsConfirm | null>(null);
  const entry: CardEntry = intent?.card_endpoint === 'elements' ? 'elements' : 'fields';
  const entryRef = useRef(entry);
  entryRef.current = entry;
  const resolver = useMemo(
    (): ReturnType<typeof billingFormResolver> => (values, context, options) =>
      billingFormResolver(entryRef.current)(values, context, options),
    [],
  );
  const form = useForm<BillingFormInput, unknown, BillingFormOutput>({
    resolver,
    defaultValues: {
      contact: contactDefaults(session, stored),
      card: cardDefaults(stored?.billing_contact_name ?? session?.full_name ?? ''),
    },
  });
  const method = form.watch('contact.billing_method');

  // The card form needs to know where the card goes (Elements or the stand-in) before it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Try again trigger
  useEffect(() => {
    if (method !== 'card' || intent) return;
    let live = true;
    createSetupIntent(orgUid)
      .then((found) => {
        if (live) setIntent(found);
      })
      .catch((error: unknown) => {
        if (live) setServerError(errorMessage(error));
      });
    return () => {
      live = false;
    };
  }, [method, intent, orgUid, attempt]);

  const onElementsReady = useCallback((confirm: ElementsConfirm | null) => {
    elementsConfirm.current = confirm;
  }, []);

  /** Sends the card to Stripe; resolves to the confirmed SetupIntent id. @throws CardError */
  const confirmCard = async (card: NonNullable<BillingFormOutput['card']>): Promise<string> => {
    let current = intent;
    if (!current || intentUsed.current) {
      current = await createSetupIntent(orgUid);
      setIntent(current);
    }
    intentUsed.current = true;
    const mode = cardMode(current);
    if (mode.kind === 'local') await confirmWithStandIn(mode.url, current, card as CardForm);
    else if (elementsConfirm.current) await elementsConfirm.current(current, holderOf(card));
    else throw new CardError(CARD_FALLBACK);
    return current.setup_intent_id;
  };

  const onSubmit = async (values: BillingFormOutput) => {
    setServerError(null);
    setCardError(null);
    let setupIntentId: string | null = null;
    if (values.contact.billing_method === 'card' && values.card) {
      try {
        setupIntentId = await confirmCard(values.card);
      } catch (error) {
        setCardError(cardErrorMessage(error));
        return;
      }
    }
    try {
      // The server parses the same contact schema, so it gets the contact as typed.
      const billing = withCardAddress(form.getValues()).contact;
      const profile = await addBillingProfile({
        organization_uid: orgUid,
        billing,
        credit_card: setupIntentId ? { setup_intent_id: setupIntentId } : null,
      });
      form.setValue('card.number', '');
      form.setValue('card.cvc', '');
      onSaved(profile);
    } catch (error) {
      const refused = error instanceof ApiError && error.result != null;
      if (refused) setCardError(cardErrorMessage(error));
      else setServerError(errorMessage(error));
    }
  };

  const { isSubmitting } = form.formState;
  return (
    <form
      className="auth-form billing-form"
      method="post"
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label="Billing details"
    >
      <FormAlert message={serverError} />
      <BillingContactFields form={form} />
      {method === 'card' &&
        (intent ? (
          <CardFields
            form={form}
            entry={entry}
            publishableKey={intent.publishable_key}
            onElementsReady={onElementsReady}
            cardError={cardError}
          />
        ) : serverError ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              setServerError(null);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        ) : (
          <p className="form-field__hint" role="status">
            Preparing the secure card form…
          </p>
        ))}
      <div className="inline-form__actions">
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
