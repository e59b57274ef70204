import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type OrganizationInput, organizationSchema } from '#shared/contracts/account.schema';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { FormAlert, SubmitButton, TextField } from '../auth/form-controls';

type OrgValues = z.output<typeof organizationSchema>;

/** Props of {@link OrganizationForm}. */
export interface OrganizationFormProps {
  /** The organisation to rename, or null for a new one. */
  org: OrganizationView | null;
  /** A new organisation's starting e-mail. @default '' */
  defaultEmail?: string;
  /** The submit button's text. @default 'Save' when renaming, 'Create organization' otherwise */
  submitLabel?: string;
  /**
   * Called with the caller's organisations after a save and the saved name, or with undefined
   * when the user cancels.
   */
  onDone: (organizations?: OrganizationView[], name?: string) => void;
}

/**
 * Create (no org_uid) or rename one organisation through update_organization (spec §5
 * "Organization" messages, checked by the same schema as the server). Used on the account page
 * and in the subscribe wizard's organisation step (spec §2 "Sign-up wizard").
 */
export function OrganizationForm({
  org,
  defaultEmail = '',
  submitLabel,
  onDone,
}: OrganizationFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OrganizationInput, unknown, OrgValues>({
    resolver: zodResolver(organizationSchema),
    defaultValues: org
      ? { org_uid: org.org_uid, name: org.name, email: org.email }
      : { name: '', email: defaultEmail },
  });
  const onSubmit = async (values: OrgValues) => {
    setServerError(null);
    try {
      const result = await callRoute<{ organizations?: OrganizationView[] }>(
        'update_organization',
        values,
      );
      onDone(result?.organizations ?? [], values.name);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };
  return (
    <form
      className="auth-form inline-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={org ? `Rename ${org.name}` : 'New organization'}
    >
      <FormAlert message={serverError} />
      <div className="form-grid">
        <TextField label="Organization name" registration={register('name')} error={errors.name} />
        <TextField
          label="Organization e-mail"
          type="email"
          registration={register('email')}
          error={errors.email}
        />
      </div>
      <div className="inline-form__actions">
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {submitLabel ?? (org ? 'Save' : 'Create organization')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
