import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  INVITE_ROLES,
  type InviteMemberInput,
  type InviteMemberValues,
  inviteMemberSchema,
  type OrganizationMembers,
} from '#shared/contracts/account-members.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { FormAlert, SubmitButton, TextField } from '../auth/form-controls';

/** Labels of the invitation roles. */
const ROLE_LABELS: Record<(typeof INVITE_ROLES)[number], string> = {
  member: 'Member',
  admin: 'Admin (manages members and clients)',
};

/** Props of {@link InviteMemberForm}. */
export interface InviteMemberFormProps {
  organizationUid: string;
  organizationName: string;
  /** The members list invite_member answered with. */
  onInvited: (result: OrganizationMembers) => void;
}

/**
 * Invite someone to an organisation (invite_member; inviteMemberSchema): e-mail and role. A
 * server error about the e-mail (already a member, yourself, no seat left) shows under it.
 */
export function InviteMemberForm({
  organizationUid,
  organizationName,
  onInvited,
}: InviteMemberFormProps) {
  const roleId = useId();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteMemberInput, unknown, InviteMemberValues>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { organization_uid: organizationUid, email: '', role: 'member' },
  });

  const onSubmit = async (values: InviteMemberValues) => {
    setOutcome(null);
    try {
      const result = await callRoute<OrganizationMembers>('invite_member', values);
      setOutcome({ ok: true, text: `Invitation sent to ${values.email}.` });
      reset({ organization_uid: organizationUid, email: '', role: values.role });
      onInvited(result);
    } catch (error) {
      if (error instanceof ApiError && error.field === 'email')
        setError('email', { type: 'server', message: error.message });
      else setOutcome({ ok: false, text: errorMessage(error) });
    }
  };

  return (
    <form
      className="auth-form inline-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={`Invite someone to ${organizationName}`}
    >
      {outcome && <FormAlert tone={outcome.ok ? 'success' : 'error'} message={outcome.text} />}
      <input type="hidden" {...register('organization_uid')} />
      <div className="form-grid">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          registration={register('email')}
          error={errors.email}
        />
        <div className="form-field">
          <label htmlFor={roleId} className="form-field__label">
            Role
          </label>
          <select id={roleId} className="select form-field__input" {...register('role')}>
            {INVITE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Inviting…">
        Invite
      </SubmitButton>
    </form>
  );
}
