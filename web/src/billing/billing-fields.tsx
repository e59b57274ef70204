import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { BILLING_COUNTRIES, type BillingContact } from '#shared/contracts/billing.schema';
import { FieldMessage, TextField } from '../auth/form-controls';
import { maskedPhone } from '../auth/phone-mask';
import type { BillingFormInput, BillingFormOutput } from './billing-form-values';

/** The add-billing form as its parts see it. */
export type BillingFormApi = UseFormReturn<BillingFormInput, unknown, BillingFormOutput>;

/** Props of {@link SelectField}. */
export interface SelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  options: readonly { value: string; label: string }[];
  autoComplete?: string;
}

/** A labelled select with its inline error (tied by aria-describedby). */
export function SelectField({
  label,
  registration,
  error,
  options,
  autoComplete,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <select
        id={id}
        className={`select input form-field__input${error ? ' input--invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error?.message ? `${id}-error` : undefined}
        autoComplete={autoComplete}
        {...registration}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** The countries the billing forms offer, as select options. */
export const COUNTRY_OPTIONS = BILLING_COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

const METHODS: { value: BillingContact['billing_method']; label: string; hint: string }[] = [
  { value: 'card', label: 'Card', hint: 'Charged automatically each month.' },
  { value: 'invoice', label: 'Invoice', hint: 'E-mailed each month, due within 30 days.' },
];

/**
 * The billing method and contact (spec §3 "Billing contact", §5 "Billing" messages): method,
 * contact name, phone, e-mails (comma separated), mailing address, city, state, zip, country.
 */
export function BillingContactFields({ form }: { form: BillingFormApi }) {
  const {
    register,
    formState: { errors },
  } = form;
  const e = errors.contact;
  const methodError = `${useId()}-method-error`;
  return (
    <>
      <fieldset
        className="form-field billing-methods"
        aria-describedby={e?.billing_method?.message ? methodError : undefined}
      >
        <legend className="form-field__label">Billing method</legend>
        <div className="billing-methods__options">
          {METHODS.map((m) => (
            <label key={m.value} className="billing-method">
              <input type="radio" value={m.value} {...register('contact.billing_method')} />
              <span>
                <strong>{m.label}</strong>
                <span className="billing-method__hint">{m.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldMessage id={methodError} error={e?.billing_method} />
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">Billing contact</legend>
        <div className="form-grid">
          <TextField
            label="Contact name"
            autoComplete="name"
            registration={register('contact.billing_contact_name')}
            error={e?.billing_contact_name}
          />
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="999-999-9999"
            registration={maskedPhone(register('contact.billing_contact_phone'))}
            error={e?.billing_contact_phone}
          />
        </div>
        <TextField
          label="Billing e-mails"
          type="text"
          inputMode="email"
          autoComplete="email"
          registration={register('contact.billing_contact_emails')}
          error={e?.billing_contact_emails as FieldError | undefined}
          hint="Receipts and invoices go here. Separate several addresses with commas."
        />
        <div className="form-grid">
          <TextField
            label="Mailing address"
            autoComplete="address-line1"
            registration={register('contact.billing_address')}
            error={e?.billing_address}
          />
          <TextField
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            registration={register('contact.billing_address_additional')}
            error={e?.billing_address_additional}
          />
          <TextField
            label="City"
            autoComplete="address-level2"
            registration={register('contact.billing_city')}
            error={e?.billing_city}
          />
          <TextField
            label="State/province"
            autoComplete="address-level1"
            registration={register('contact.billing_state')}
            error={e?.billing_state}
          />
          <TextField
            label="Zip/Postal code"
            autoComplete="postal-code"
            registration={register('contact.billing_zipcode')}
            error={e?.billing_zipcode}
          />
          <SelectField
            label="Country"
            autoComplete="country"
            registration={register('contact.billing_country')}
            error={e?.billing_country}
            options={COUNTRY_OPTIONS}
          />
        </div>
      </fieldset>
    </>
  );
}
