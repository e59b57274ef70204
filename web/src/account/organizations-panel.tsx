import { Fragment, useState } from 'react';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { DropsSection } from './drops-section';
import { MembersSection } from './members-section';
import { OrganizationForm } from './organization-form';
import { useOrganizations } from './use-account';

/**
 * The organisations part of /ss/account (my_organizations, update_organization; spec §3
 * "Organization", §7): a table of the user's organisations with a Rename action for owners
 * and admins, a form to create a new one, each organisation's members (MembersSection) and, for
 * the ones the user manages, its post-log drops (DropsSection).
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
      {list.map((org) => (
        <Fragment key={org.org_uid}>
          <MembersSection
            org={org}
            onLeft={() => {
              setSaved(`You left ${org.name}.`);
              void orgs.mutate();
            }}
          />
          {org.role !== 'member' && <DropsSection org={org} />}
        </Fragment>
      ))}
    </section>
  );
}
