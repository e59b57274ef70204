import { type WebsiteInfo, websiteInfoSchema } from '#shared/contracts/call-centre.schema';
import { TextField } from '../auth/form-controls';
import { EMAIL_INPUT, maskedPhone, PHONE_INPUT } from './masked-phone';
import { useSectionForm } from './use-section-form';

/** Props of {@link WebsiteInfoForm}. */
export interface WebsiteInfoFormProps {
  info: WebsiteInfo;
}

/**
 * The Website Info section (spec §3 website_info): who runs the advertiser's website, saved as
 * `website_info`.
 */
export function WebsiteInfoForm({ info }: WebsiteInfoFormProps) {
  const {
    form: {
      register,
      formState: { errors },
    },
  } = useSectionForm(websiteInfoSchema, 'website_info', info);

  return (
    <form className="cc-form" noValidate onSubmit={(e) => e.preventDefault()}>
      <div className="cc-form__grid">
        <TextField
          label="Website address"
          type="url"
          inputMode="url"
          registration={register('url')}
          error={errors.url}
        />
        <TextField
          label="Web contact name"
          registration={register('web_contact_name')}
          error={errors.web_contact_name}
        />
        <TextField
          label="Web company"
          registration={register('web_company')}
          error={errors.web_company}
        />
        <TextField
          label="Web contact e-mail"
          {...EMAIL_INPUT}
          registration={register('web_contact_email')}
          error={errors.web_contact_email}
        />
        <TextField
          label="Web contact phone"
          {...PHONE_INPUT}
          registration={maskedPhone(register('web_contact_phone'))}
          error={errors.web_contact_phone}
        />
      </div>
    </form>
  );
}
