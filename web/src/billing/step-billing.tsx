import { useState } from 'react';
import type { UserSession } from '#shared/contracts/account-results.schema';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { BillingForm } from './billing-form';
import { methodText } from './billing-format';
import { useBillingProfile } from './use-billing';

/** Props of {@link BillingStep}. */
export interface BillingStepProps {
  orgUid: string;
  session: Pick<UserSession, 'full_name' | 'phone' | 'primary_email'> | null;
  onNext: () => void;
}

/**
 * The billing step (spec §2 "billing ... shows existing profile or add-billing form"): an
 * organisation that already pays shows its card (brand and last 4) or invoice contact with
 * "Use this" and "Change"; otherwise the add-billing form (contact, method, card).
 */
export function BillingStep({ orgUid, session, onNext }: BillingStepProps) {
  const profile = useBillingProfile(orgUid);
  const [changing, setChanging] = useState(false);

  if (profile.error && !profile.data) return <FormAlert message={errorMessage(profile.error)} />;
  if (!profile.data)
    return (
      <p className="form-field__hint" role="status">
        Loading billing details…
      </p>
    );

  const current = profile.data;
  if (current.billing_setup && !changing)
    return (
      <div className="wizard__body">
        <div className="billing-on-file">
          <p className="billing-on-file__label">Billing method on file</p>
          <p className="billing-on-file__method">{methodText(current)}</p>
          {current.contact && (
            <p className="billing-on-file__contact">
              {current.contact.billing_contact_name} · {current.contact.billing_city},{' '}
              {current.contact.billing_state}
            </p>
          )}
        </div>
        <div className="wizard__actions">
          <button type="button" className="button button--primary" onClick={onNext}>
            Use this
          </button>
          <button type="button" className="button" onClick={() => setChanging(true)}>
            Change
          </button>
        </div>
      </div>
    );

  return (
    <BillingForm
      orgUid={orgUid}
      session={session}
      stored={current.contact}
      submitLabel="Save and continue"
      onCancel={changing ? () => setChanging(false) : undefined}
      onSaved={(saved) => {
        void profile.mutate(saved, { revalidate: false });
        setChanging(false);
        onNext();
      }}
    />
  );
}
