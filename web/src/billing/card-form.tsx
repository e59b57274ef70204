import type { FieldError } from 'react-hook-form';
import { TextField } from '../auth/form-controls';
import { type BillingFormApi, COUNTRY_OPTIONS, SelectField } from './billing-fields';
import type { CardEntry } from './billing-form-values';
import { ElementsCardField, type ElementsConfirm } from './card-form-elements';

/** Props of {@link CardFields}. */
export interface CardFieldsProps {
  form: BillingFormApi;
  /** Our own number/expiry/CVC fields (local stand-in) or Stripe's Element (AWS). */
  entry: CardEntry;
  /** The publishable key, for Stripe Elements. */
  publishableKey?: string;
  /** Receives the Elements confirm function (Elements entry only). */
  onElementsReady?: (confirm: ElementsConfirm | null) => void;
  /** Stripe's words for the last refused card, shown inline (role="alert"). @default none */
  cardError?: string | null;
}

/**
 * The card (spec §3 "Card": use_billing_address, billing_name, number, expire_month,
 * expire_year, cvc, address...; §5 "Card" messages from cardFormSchema; §9 year 2019-2029, CVC
 * 3-4 digits). With "Same as the billing address" the card's address fields are hidden and
 * copied from the contact. The number and CVC never leave this form except to Stripe.
 */
export function CardFields({
  form,
  entry,
  publishableKey,
  onElementsReady,
  cardError,
}: CardFieldsProps) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const e = errors.card;
  const sameAddress = watch('card.use_billing_address');
  return (
    <fieldset className="form-section card-fields">
      <legend className="form-section__title">Card</legend>
      {cardError && (
        <div className="form-alert form-alert--error" role="alert">
          <p className="form-alert__message">{cardError}</p>
        </div>
      )}
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        registration={register('card.billing_name')}
        error={e?.billing_name}
      />
      {entry === 'elements' ? (
        <ElementsCardField
          publishableKey={publishableKey ?? ''}
          onReady={onElementsReady ?? (() => undefined)}
        />
      ) : (
        <>
          <TextField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            registration={register('card.number')}
            error={e?.number}
          />
          <div className="form-grid form-grid--three">
            <TextField
              label="Expiry month"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder="MM"
              maxLength={2}
              registration={register('card.expire_month')}
              error={e?.expire_month as FieldError | undefined}
            />
            <TextField
              label="Expiry year"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder="YYYY"
              maxLength={4}
              registration={register('card.expire_year')}
              error={e?.expire_year as FieldError | undefined}
            />
            <TextField
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              registration={register('card.cvc')}
              error={e?.cvc}
            />
          </div>
        </>
      )}
      <label className="checkbox form-check">
        <input type="checkbox" {...register('card.use_billing_address')} />
        Card address is the same as the billing address
      </label>
      {!sameAddress && (
        <div className="form-grid">
          <TextField
            label="Card address"
            autoComplete="billing address-line1"
            registration={register('card.address')}
            error={e?.address}
          />
          <TextField
            label="Card address line 2 (optional)"
            autoComplete="billing address-line2"
            registration={register('card.address_additional')}
            error={e?.address_additional}
          />
          <TextField
            label="Card city"
            autoComplete="billing address-level2"
            registration={register('card.city')}
            error={e?.city}
          />
          <TextField
            label="Card state/province"
            autoComplete="billing address-level1"
            registration={register('card.state')}
            error={e?.state}
          />
          <TextField
            label="Card zip/postal code"
            autoComplete="billing postal-code"
            registration={register('card.zipcode')}
            error={e?.zipcode}
          />
          <SelectField
            label="Card country"
            autoComplete="billing country"
            registration={register('card.country')}
            error={e?.country}
            options={COUNTRY_OPTIONS}
          />
        </div>
      )}
    </fieldset>
  );
}
