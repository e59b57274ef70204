import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PERMISSIONS, type ShareInput, shareSchema } from '#shared/contracts/account.schema';
import { callRoute, errorMessage } from '../api/client';
import { useCompanies } from '../api/use-companies';
import { FieldMessage, FormAlert, SubmitButton, TextField } from '../auth/form-controls';

type ShareValues = z.output<typeof shareSchema>;

/** Labels of the permission checkboxes (spec §3 Client info perms). */
const PERMISSION_LABELS: Record<(typeof PERMISSIONS)[number], string> = {
  view: 'View reports',
  edit: 'Edit settings',
  import: 'Import post-logs',
  share: 'Share with others',
  schedule: 'Schedule reports',
};

/**
 * Share one of the user's clients with an e-mail address (update_share; shareSchema): the
 * client list is fetch_companies filtered to clients the user may share (perms.share), minus
 * the read-only demo client.
 */
export function ShareForm({ onShared }: { onShared: () => void }) {
  const companies = useCompanies();
  const clientId = useId();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const shareable = (companies.data?.clients ?? []).filter((c) => c.perms.share && !c.demo);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ShareInput, unknown, ShareValues>({
    resolver: zodResolver(shareSchema),
    defaultValues: { client_uid: '', email: '', perms: ['view'] },
  });

  const onSubmit = async (values: ShareValues) => {
    setOutcome(null);
    try {
      await callRoute('update_share', values);
      setOutcome({ ok: true, text: `Shared with ${values.email}.` });
      reset({ client_uid: values.client_uid, email: '', perms: ['view'] });
      onShared();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  };

  if (!companies.isLoading && shareable.length === 0)
    return <p className="form-field__hint">You have no clients you can share yet.</p>;

  return (
    <form
      className="auth-form inline-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Share a client"
    >
      {outcome && <FormAlert tone={outcome.ok ? 'success' : 'error'} message={outcome.text} />}
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor={clientId} className="form-field__label">
            Client
          </label>
          <select
            id={clientId}
            className={`select form-field__input${errors.client_uid ? ' input--invalid' : ''}`}
            {...register('client_uid')}
          >
            <option value="">Choose a client</option>
            {shareable.map((c) => (
              <option key={c.client_uid} value={c.client_uid}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldMessage
            error={errors.client_uid && { ...errors.client_uid, message: 'Choose a client' }}
          />
        </div>
        <TextField
          label="Share with (e-mail)"
          type="email"
          registration={register('email')}
          error={errors.email}
        />
      </div>
      <fieldset className="form-field perms">
        <legend className="form-field__label">Permissions</legend>
        <div className="perms__options">
          {PERMISSIONS.map((perm) => (
            <label key={perm} className="checkbox form-check">
              <input type="checkbox" value={perm} {...register('perms')} />
              {PERMISSION_LABELS[perm]}
            </label>
          ))}
        </div>
        <FieldMessage
          error={errors.perms && { type: 'min', message: 'Choose at least one permission' }}
        />
      </fieldset>
      <SubmitButton busy={isSubmitting} busyLabel="Sharing…">
        Share client
      </SubmitButton>
    </form>
  );
}
