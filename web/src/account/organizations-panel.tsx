import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type OrganizationInput,
  organizationSchema,
} from '../../../layers/shared/contracts/account.schema';
import type { OrganizationView } from '../../../layers/shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import { useOrganizations } from './use-account';

type OrgValues = z.output<typeof organizationSchema>;

/** Create (no org_uid) or rename one organisation (spec §5 "Organization" messages). */
function OrganizationForm({
  org,
  onDone,
}: {
  org: OrganizationView | null;
  onDone: (organizations?: OrganizationView[]) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OrganizationInput, unknown, OrgValues>({
    resolver: zodResolver(organizationSchema),
    defaultValues: org
      ? { org_uid: org.org_uid, name: org.name, email: org.email }
      : { name: '', email: '' },
  });
  const onSubmit = async (values: OrgValues) => {
    setServerError(null);
    try {
      const result = await callRoute<{ organizations?: OrganizationView[] }>(
        'update_organization',
        values,
      );
      onDone(result?.organizations);
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
          {org ? 'Save' : 'Create organization'}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The organisations part of /ss/account (my_organizations, update_organization; spec §3
 * "Organization", §7): a table of the user's organisations with a Rename action for owners
 * and admins, and a form to create a new one.
 */
export function OrganizationsPanel() {
  const orgs = useOrganizations();
  const [editing, setEditing] = useState<OrganizationView | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const done = (organizations?: OrganizationView[]) => {
    if (organizations) {
      setSaved('Organization saved.');
      void orgs.mutate(organizations, { revalidate: false });
    }
    setEditing(null);
  };

  const list = orgs.data ?? [];
  return (
    <section className="card account__section" aria-labelledby="orgs-title">
      <div className="account__section-head">
        <h2 id="orgs-title" className="card__title">
          Organizations
        </h2>
        {editing === null && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New organization
          </button>
        )}
      </div>
      <FormAlert tone="success" message={saved} />
      {orgs.error && <FormAlert message={errorMessage(orgs.error)} />}
      {editing === 'new' && <OrganizationForm org={null} onDone={done} />}
      {orgs.isLoading && <p className="form-field__hint">Loading…</p>}
      {!orgs.isLoading && list.length === 0 && !orgs.error && (
        <p className="form-field__hint">You don't belong to an organization yet.</p>
      )}
      {list.length > 0 && (
        <table className="data-table data-table--compact">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col" className="cell--num">
                Clients
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((org) => (
              <tr key={org.org_uid}>
                <td>{org.name}</td>
                <td>{org.email}</td>
                <td>{org.role}</td>
                <td className="cell--num">{org.clients}</td>
                <td>
                  {org.role !== 'member' && (
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => setEditing(org)}
                      aria-label={`Rename ${org.name}`}
                    >
                      Rename
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing !== null && editing !== 'new' && (
        <OrganizationForm key={editing.org_uid} org={editing} onDone={done} />
      )}
    </section>
  );
}
