import { useState } from 'react';
import type { SavePlanInput } from '#shared/contracts/acquisition.schema';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import styles from './calculator.module.css';
import { savePlan } from './use-acquisition';

/** Props of {@link SavePlan}. */
export interface SavePlanProps {
  clients: readonly { client_uid: string; name: string }[];
  /** The client chosen for its own response, preselected. @default the first */
  preferred?: string;
  /** The plan without its client (goals and objectives, return calculator). */
  plan: Omit<SavePlanInput, 'client_uid'>;
}

/** Keeps the plan on a client the user may edit (acquisitionowl_save). */
export function SavePlan({ clients, preferred, plan }: SavePlanProps) {
  const [client, setClient] = useState(preferred || clients[0]?.client_uid || '');
  const [state, setState] = useState<{ busy: boolean; done: string | null; error: string | null }>({
    busy: false,
    done: null,
    error: null,
  });
  if (clients.length === 0) return <p>Add a client first to keep plans on it.</p>;
  const save = async () => {
    setState({ busy: true, done: null, error: null });
    try {
      await savePlan({ ...plan, client_uid: client });
      const name = clients.find((c) => c.client_uid === client)?.name ?? 'the client';
      setState({ busy: false, done: `Plan saved to ${name}.`, error: null });
    } catch (error) {
      setState({ busy: false, done: null, error: errorMessage(error) });
    }
  };
  return (
    <div className={`${styles.row} ${styles.saveRow}`}>
      <div className="form-field">
        <label htmlFor="calc-save-client" className="form-field__label">
          Save to client
        </label>
        <select
          id="calc-save-client"
          className="input form-field__input"
          value={client}
          onChange={(e) => setClient(e.target.value)}
        >
          {clients.map((c) => (
            <option key={c.client_uid} value={c.client_uid}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={state.busy || !client}
        onClick={() => void save()}
      >
        {state.busy ? 'Saving…' : 'Save plan to client'}
      </button>
      {state.done && (
        <p role="status" className={styles.ok}>
          {state.done}
        </p>
      )}
      <FormAlert message={state.error} />
    </div>
  );
}
