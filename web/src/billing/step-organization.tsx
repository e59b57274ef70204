import { useEffect, useId, useState } from 'react';
import type { PlanId } from '#shared/billing/price-table';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import { BILLING_MESSAGES } from '#shared/contracts/billing.schema';
import { OrganizationForm } from '../account/organization-form';
import { useOrganizations } from '../account/use-account';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { billableOrgs, defaultOrg, orgRequired } from './wizard-steps';

/** Props of {@link OrganizationStep}. */
export interface OrganizationStepProps {
  plan: PlanId;
  orgUid: string | null;
  onChange: (orgUid: string | null) => void;
  /** The user's e-mail, the new organisation's default e-mail. */
  email: string;
  onNext: () => void;
}

/**
 * The organization step (spec §2 "organization (pick or add, if required)"; §5 "Team and
 * enterprise need an organization selected"; §7 update_organization): the organisations the
 * user owns or administers as a radio group, and a form to add one. Individual and Starter
 * plans start on the personal organisation; team and enterprise must be picked.
 */
export function OrganizationStep({ plan, orgUid, onChange, email, onNext }: OrganizationStepProps) {
  const orgs = useOrganizations();
  const [adding, setAdding] = useState(false);
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  const list = billableOrgs(orgs.data ?? []);
  const loaded = orgs.data !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the default is set once, when the list arrives
  useEffect(() => {
    if (loaded && orgUid === null) onChange(defaultOrg(plan, list));
  }, [loaded]);

  const added = (organizations?: OrganizationView[], name?: string) => {
    setAdding(false);
    if (!organizations) return;
    const known = new Set(list.map((o) => o.org_uid));
    const fresh =
      organizations.find((o) => !known.has(o.org_uid)) ??
      organizations.find((o) => o.name === name);
    void orgs.mutate(organizations, { revalidate: false });
    if (fresh) {
      onChange(fresh.org_uid);
      setMissing(false);
    }
  };

  const next = () => {
    if (!orgUid) {
      setMissing(true);
      document.getElementById(`${errorId}-group`)?.focus();
      return;
    }
    onNext();
  };

  return (
    <div className="wizard__body">
      <p className="wizard__lead">
        {orgRequired(plan)
          ? 'Team and enterprise plans belong to an organization. Choose the one to bill, or add it.'
          : 'Individual plans start on your personal organization. Pick another, or add one, if this subscription is for a company.'}
      </p>
      {orgs.error && <FormAlert message={errorMessage(orgs.error)} />}
      {!loaded && !orgs.error && <p className="form-field__hint">Loading your organizations…</p>}
      {loaded && (
        <fieldset
          id={`${errorId}-group`}
          tabIndex={-1}
          className="form-field org-choice"
          aria-describedby={missing && !orgUid ? errorId : undefined}
        >
          <legend className="form-field__label">Organization</legend>
          {list.length === 0 && (
            <p className="form-field__hint">You don't manage an organization yet: add one.</p>
          )}
          {list.map((org) => (
            <label key={org.org_uid} className="org-choice__option">
              <input
                type="radio"
                name="organization"
                value={org.org_uid}
                checked={orgUid === org.org_uid}
                onChange={() => {
                  onChange(org.org_uid);
                  setMissing(false);
                }}
              />
              <span>
                <strong>{org.name}</strong>
                <span className="org-choice__email">{org.email}</span>
              </span>
            </label>
          ))}
          {missing && !orgUid && (
            <p id={errorId} className="form-field__error">
              {BILLING_MESSAGES.organization}
            </p>
          )}
        </fieldset>
      )}
      {adding ? (
        <OrganizationForm
          org={null}
          defaultEmail={email}
          submitLabel="Add organization"
          onDone={added}
        />
      ) : (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add an organization
        </button>
      )}
      <div className="wizard__actions">
        <button type="button" className="button button--primary" onClick={next}>
          Continue
        </button>
      </div>
    </div>
  );
}
