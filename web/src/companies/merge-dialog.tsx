import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { companiesPageSchema } from '#shared/contracts/companies.schema';
import type { ClientMergeResult } from '#shared/contracts/company-client.schema';
import { callRoute, errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import styles from './companies.module.css';
import { SelectField } from './select-field';
import { mergeClients, useClientInfo } from './use-company-api';

/** Most clients the merge dialog lists (fetch_companies' largest page). */
const MERGE_LIST_SIZE = 100;

/** The clients the caller may edit (both sides of a merge need perm edit), by name. */
function useEditableClients() {
  return useSWR(
    [
      'fetch_companies',
      { filters: { all: true, sort_field: 'client_name' }, page: 1, page_size: MERGE_LIST_SIZE },
    ] as const,
    async ([name, input]) => {
      const page = companiesPageSchema.parse(await callRoute<unknown>(name, input));
      return page.clients.filter((c) => c.perms.edit);
    },
    { revalidateOnFocus: false },
  );
}

/** Props of {@link MergeDialog}. */
export interface MergeDialogProps {
  /** The duplicate to preselect. @default none */
  fromUid?: string;
  onMerged: (result: ClientMergeResult) => void;
  onClose: () => void;
}

/**
 * Merge a duplicate client into another (client_merge): pick the duplicate and the client to
 * keep, then confirm a summary saying what moves (airings, visits, reports, shares, store
 * locations) and that the duplicate is gone afterwards.
 */
export function MergeDialog({ fromUid, onMerged, onClose }: MergeDialogProps) {
  const clients = useEditableClients();
  const [from, setFrom] = useState(fromUid ?? '');
  const [into, setInto] = useState('');
  const [step, setStep] = useState<'pick' | 'confirm' | 'done'>('pick');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ClientMergeResult | null>(null);
  const duplicate = useClientInfo(step === 'confirm' && from ? from : null);
  const list = clients.data ?? [];
  const nameOf = (uid: string) => list.find((c) => c.client_uid === uid)?.client_name ?? uid;

  const pick = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !into) return setProblem('Pick the duplicate and the client to keep.');
    if (from === into) return setProblem('Pick two different clients to merge.');
    setProblem(null);
    setStep('confirm');
  };

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const merged = await mergeClients(from, into);
      setResult(merged);
      setStep('done');
      onMerged(merged);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'done' && result) {
    const m = result.moved;
    return (
      <ModalDialog title="Clients merged" onClose={onClose}>
        <p role="status">
          {nameOf(from)} is merged into {nameOf(into)}: {m.airings} airings, {m.visit_days} days of
          visits, {m.reports} reports, {m.shares} shares and {m.locations} store locations moved.
        </p>
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      </ModalDialog>
    );
  }

  if (step === 'confirm')
    return (
      <ModalDialog title="Merge these clients?" onClose={onClose}>
        <FormAlert message={problem} />
        <p>
          Everything of <strong>{nameOf(from)}</strong>
          {duplicate.data ? ` (${duplicate.data.airings} airings)` : ''} moves to{' '}
          <strong>{nameOf(into)}</strong>: its airings, visits, reports, shares and store locations.
        </p>
        <p>
          <strong>{nameOf(from)} is gone afterwards.</strong> This cannot be undone.
        </p>
        <div className={styles.dialogActions}>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={confirm}
          >
            {busy ? 'Merging…' : `Merge into ${nameOf(into)}`}
          </button>
          <button type="button" className="button" onClick={() => setStep('pick')}>
            Back
          </button>
        </div>
      </ModalDialog>
    );

  return (
    <ModalDialog title="Merge a duplicate client" onClose={onClose}>
      <form className={styles.dialogForm} noValidate onSubmit={pick}>
        <FormAlert message={problem ?? (clients.error ? errorMessage(clients.error) : null)} />
        <SelectField id="merge-from" label="Duplicate (removed)" value={from} onChange={setFrom}>
          <option value="">Pick a client</option>
          {list.map((c) => (
            <option key={c.client_uid} value={c.client_uid}>
              {c.client_name}
            </option>
          ))}
        </SelectField>
        <SelectField id="merge-into" label="Client to keep" value={into} onChange={setInto}>
          <option value="">Pick a client</option>
          {list
            .filter((c) => c.client_uid !== from)
            .map((c) => (
              <option key={c.client_uid} value={c.client_uid}>
                {c.client_name}
              </option>
            ))}
        </SelectField>
        <div className={styles.dialogActions}>
          <button type="submit" className="button button--primary">
            Next
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
