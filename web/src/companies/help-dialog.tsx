import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import styles from './companies.module.css';
import { SelectField } from './select-field';
import { type HelpTopic, requestHelp } from './use-company-api';

const TOPICS: Array<{ value: HelpTopic; label: string }> = [
  { value: 'connection', label: 'Connecting Google Analytics' },
  { value: 'postlog', label: 'Post-log upload' },
  { value: 'report', label: 'A report' },
  { value: 'billing', label: 'Billing' },
  { value: 'other', label: 'Something else' },
];

/** Longest message (requestHelpInputSchema). */
const MAX_MESSAGE = 2000;

/** Props of {@link HelpDialog}. */
export interface HelpDialogProps {
  clientUid: string;
  clientName: string;
  onClose: () => void;
}

/**
 * Ask the team for help about a client (request_help): a topic and a message, sent to the team
 * inbox with the client attached.
 */
export function HelpDialog({ clientUid, clientName, onClose }: HelpDialogProps) {
  const [topic, setTopic] = useState<HelpTopic>('report');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return setProblem('Tell us what you need help with.');
    setBusy(true);
    setProblem(null);
    try {
      await requestHelp(clientUid, topic, message.trim());
      setSent(true);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <ModalDialog title="Help requested" onClose={onClose}>
        <p role="status">
          Thanks. The team got your message about {clientName} and will answer by e-mail.
        </p>
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </ModalDialog>
    );

  return (
    <ModalDialog title={`Get help with ${clientName}`} onClose={onClose}>
      <form className={styles.dialogForm} noValidate onSubmit={submit}>
        <FormAlert message={problem} />
        <SelectField
          id="help-topic"
          label="Topic"
          value={topic}
          onChange={(v) => setTopic(v as HelpTopic)}
        >
          {TOPICS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectField>
        <div className="form-field">
          <label htmlFor="help-message" className="form-field__label">
            Message
          </label>
          <textarea
            id="help-message"
            className="input form-field__input"
            rows={5}
            maxLength={MAX_MESSAGE}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        <div className={styles.dialogActions}>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Sending…' : 'Send to the team'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
