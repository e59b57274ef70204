import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { approveInvoiceCustomer } from './use-billing';

/**
 * Staff only (the session says `staff`; the route answers 403 to anyone else): approves an
 * organisation that pays by invoice, so its orders unlock before their first invoice is paid,
 * or withdraws that (unpaid orders go back to pending). The organisation is named by its id,
 * as the customer or Stripe's customer metadata (organization_uid) gives it.
 */
export function InvoiceApproval() {
  const id = useId();
  const [orgUid, setOrgUid] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (approved: boolean, event?: FormEvent) => {
    event?.preventDefault();
    const uid = orgUid.trim();
    if (!uid) {
      setProblem('Enter the organization id.');
      return;
    }
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const profile = await approveInvoiceCustomer(uid, approved);
      setDone(
        approved
          ? `${profile.name} is approved: its invoice orders unlock before payment.`
          : `${profile.name} is no longer approved: unpaid invoice orders are pending again.`,
      );
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="billing-org" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="billing-org__name">
        Invoice customers (staff)
      </h3>
      <FormAlert tone="success" message={done} />
      <FormAlert message={problem} />
      <form className="billing-approval" onSubmit={(e) => void submit(true, e)}>
        <div className="form-field">
          <label htmlFor={`${id}-org`} className="form-field__label">
            Organization id
          </label>
          <input
            id={`${id}-org`}
            className="input form-field__input"
            autoComplete="off"
            value={orgUid}
            onChange={(e) => setOrgUid(e.target.value)}
          />
        </div>
        <div className="billing-org__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Approve
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void submit(false)}
          >
            Withdraw approval
          </button>
        </div>
      </form>
    </section>
  );
}
