import { type AgencyInfo, agencyInfoSchema } from '#shared/contracts/call-centre.schema';
import { TextField } from '../auth/form-controls';
import { EMAIL_INPUT, maskedPhone, PHONE_INPUT } from './masked-phone';
import { useSectionForm } from './use-section-form';

/** Props of {@link AgencyInfoForm}. */
export interface AgencyInfoFormProps {
  info: AgencyInfo;
}

/**
 * The Agency Info section (spec §3 agency_info): the advertiser's media agency, saved as
 * `agency_info`.
 */
export function AgencyInfoForm({ info }: AgencyInfoFormProps) {
  const {
    form: {
      register,
      formState: { errors },
    },
  } = useSectionForm(agencyInfoSchema, 'agency_info', info);

  return (
    <form className="cc-form" noValidate onSubmit={(e) => e.preventDefault()}>
      <div className="cc-form__grid">
        <TextField
          label="Agency contact name"
          registration={register('agency_contact_name')}
          error={errors.agency_contact_name}
        />
        <TextField
          label="Agency company"
          registration={register('agency_company')}
          error={errors.agency_company}
        />
        <TextField
          label="Agency contact e-mail"
          {...EMAIL_INPUT}
          registration={register('agency_contact_email')}
          error={errors.agency_contact_email}
        />
        <TextField
          label="Agency contact phone"
          {...PHONE_INPUT}
          registration={maskedPhone(register('agency_contact_phone'))}
          error={errors.agency_contact_phone}
        />
      </div>
    </form>
  );
}
