import { Controller, useWatch } from 'react-hook-form';
import {
  missingSignupField,
  type SignupInfo,
  signupInfoSchema,
} from '#shared/contracts/call-centre.schema';
import { regionList } from '#shared/contracts/call-record';
import { FieldMessage, TextField } from '../auth/form-controls';
import { EMAIL_INPUT } from './masked-phone';
import { RegionPicker } from './region-picker';
import { useRecordSaver } from './saver-context';
import { SignupPrice } from './signup-price';
import { useSectionForm } from './use-section-form';

/** Props of {@link SignupForm}. */
export interface SignupFormProps {
  info: SignupInfo;
  /** Called once the server confirmed the sign-up (the celebration starts). */
  onSignedUp: () => void;
}

/**
 * The Sign-up section (spec §3 signup_info; §9 call-centre price), saved as `signup_info`; Sign
 * up checks the required fields (missingSignupField), saves them, then posts `signup`. No card
 * number is ever taken here: automatic billing sends the advertiser a secure card form.
 */
export function SignupForm({ info, onSignedUp }: SignupFormProps) {
  const { save } = useRecordSaver();
  const { form, autosave } = useSectionForm(signupInfoSchema, 'signup_info', info);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const regions = useWatch({ control, name: 'regions' }) ?? '';
  const billingType = useWatch({ control, name: 'billing_type' });

  const signUp = handleSubmit(async (values) => {
    const missing = missingSignupField(values);
    if (missing) {
      setError(
        missing.field,
        { type: 'required', message: missing.message },
        { shouldFocus: true },
      );
      return;
    }
    autosave.cancel();
    void save('signup_info', values);
    if (await save('signup')) onSignedUp();
  });

  return (
    <form className="cc-form" noValidate onSubmit={signUp}>
      <fieldset className="cc-radios">
        <legend className="form-field__label">Billing method</legend>
        <label className="checkbox form-check">
          <input type="radio" value="invoice" {...register('billing_type')} /> Invoice
        </label>
        <label className="checkbox form-check">
          <input type="radio" value="automatic" {...register('billing_type')} /> Automatic billing
        </label>
        <FieldMessage error={errors.billing_type} />
      </fieldset>
      {billingType === 'automatic' && (
        <p className="cc-note">
          Automatic billing: the advertiser gets a secure card form by e-mail.
        </p>
      )}
      <div className="cc-form__grid">
        <TextField
          label="Billing name"
          registration={register('billing_name')}
          error={errors.billing_name}
        />
        <TextField
          label="Billing address"
          registration={register('address')}
          error={errors.address}
        />
        <TextField
          label="Billing address line 2"
          registration={register('address_extended')}
          error={errors.address_extended}
        />
        <TextField label="Billing city" registration={register('city')} error={errors.city} />
        <TextField label="Billing state" registration={register('state')} error={errors.state} />
        <TextField
          label="Billing zip"
          inputMode="numeric"
          registration={register('zip')}
          error={errors.zip}
        />
      </div>
      <label className="checkbox form-check">
        <input type="checkbox" {...register('match_only')} /> Match only
      </label>
      <Controller
        control={control}
        name="regions"
        render={({ field, fieldState }) => (
          <RegionPicker
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="cc-form__grid">
        <TextField
          label="Ad report e-mail"
          {...EMAIL_INPUT}
          registration={register('ad_report_email_address_1')}
          error={errors.ad_report_email_address_1}
        />
        <TextField
          label="Second ad report e-mail"
          {...EMAIL_INPUT}
          registration={register('ad_report_email_address_2')}
          error={errors.ad_report_email_address_2}
        />
      </div>
      <SignupPrice regionCount={regionList(regions).length} />
      <div className="cc-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Signing up…' : 'Sign up'}
        </button>
      </div>
    </form>
  );
}
