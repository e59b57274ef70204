import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type UpdateProfileInput, updateProfileSchema } from '#shared/contracts/account.schema';
import type { UserSession } from '#shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import { maskedPhone } from '../auth/phone-mask';
import { RepMarketFields } from '../auth/rep-market-fields';

type ProfileValues = z.output<typeof updateProfileSchema>;

/** Props of the profile form. */
export interface ProfileFormProps {
  session: UserSession;
  /** Called after a successful save (re-reads the session). */
  onSaved: () => void;
}

/**
 * The profile part of /ss/account (update_profile; updateProfileSchema). Only changed fields
 * are sent, so an untouched blank field never wipes what the server holds. Reps also change
 * their markets (regions) and primary station (the station list).
 */
export function ProfileForm({ session, onSaved }: ProfileFormProps) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      first_name: session.first_name,
      last_name: session.last_name,
      phone: session.phone,
      company: session.company,
      url: session.url,
      markets: session.markets,
      default_station_id: session.default_station_id,
    },
  });
  const rep = session.user_type === 'rep';

  const onSubmit = async (values: ProfileValues) => {
    setOutcome(null);
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key]) => dirtyFields[key as keyof UpdateProfileInput]),
    );
    try {
      await callRoute('update_profile', changed);
      reset(values as UpdateProfileInput);
      setOutcome({ ok: true, text: 'Your profile is saved.' });
      onSaved();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Profile">
      {outcome && <FormAlert tone={outcome.ok ? 'success' : 'error'} message={outcome.text} />}
      <div className="form-grid">
        <TextField
          label="First name"
          autoComplete="given-name"
          registration={register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          registration={register('last_name')}
          error={errors.last_name}
        />
        <TextField
          label="Phone"
          type="tel"
          placeholder="999-999-9999"
          registration={maskedPhone(register('phone'))}
          error={errors.phone}
        />
        <TextField
          label="Company"
          autoComplete="organization"
          registration={register('company')}
          error={errors.company}
        />
        <TextField
          label="Website"
          type="url"
          placeholder="example.com"
          registration={register('url')}
          error={errors.url}
        />
        {rep && <RepMarketFields control={control} preferMarkets={session.markets} />}
        <div className="form-field">
          <span className="form-field__label">E-mail</span>
          <p className="account__static">
            {session.primary_email}{' '}
            {session.email_verified ? (
              <span className="badge badge--ok">verified</span>
            ) : (
              <span className="badge">not verified</span>
            )}
          </p>
        </div>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…">
        Save profile
      </SubmitButton>
    </form>
  );
}
