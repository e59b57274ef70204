import { type AdvertiserInfo, advertiserInfoSchema } from '#shared/contracts/call-centre.schema';
import { TextField } from '../auth/form-controls';
import { EMAIL_INPUT, maskedPhone, PHONE_INPUT } from './masked-phone';
import { useSectionForm } from './use-section-form';

/** Props of {@link AdvertiserInfoForm}. */
export interface AdvertiserInfoFormProps {
  info: AdvertiserInfo;
}

/**
 * The Advertiser Info section (spec §3 advertiser_info), saved as `advertiser_info`.
 */
export function AdvertiserInfoForm({ info }: AdvertiserInfoFormProps) {
  const {
    form: {
      register,
      formState: { errors },
    },
  } = useSectionForm(advertiserInfoSchema, 'advertiser_info', info);

  return (
    <form className="cc-form" noValidate onSubmit={(e) => e.preventDefault()}>
      <div className="cc-form__grid">
        <TextField
          label="First name"
          registration={register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label="Last name"
          registration={register('last_name')}
          error={errors.last_name}
        />
        <TextField
          label="E-mail"
          {...EMAIL_INPUT}
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label="Phone"
          {...PHONE_INPUT}
          registration={maskedPhone(register('phone'))}
          error={errors.phone}
        />
        <TextField
          label="Website"
          type="url"
          inputMode="url"
          registration={register('url')}
          error={errors.url}
        />
        <TextField label="Address" registration={register('address')} error={errors.address} />
        <TextField
          label="Address line 2"
          registration={register('address_extended')}
          error={errors.address_extended}
        />
        <TextField label="City" registration={register('city')} error={errors.city} />
        <TextField label="State" registration={register('state')} error={errors.state} />
        <TextField
          label="Zip"
          inputMode="numeric"
          registration={register('zip')}
          error={errors.zip}
        />
      </div>
    </form>
  );
}
