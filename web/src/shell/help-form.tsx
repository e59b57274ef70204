import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { requestHelpInputSchema } from '#shared/contracts/company-client.schema';
import { callRoute, errorMessage } from '../api/client';
import { FieldMessage, FormAlert, SubmitButton } from '../auth/form-controls';
import styles from './shell.module.css';

type HelpInput = z.input<typeof requestHelpInputSchema>;
type HelpValues = z.output<typeof requestHelpInputSchema>;

const TOPICS: { value: HelpValues['topic']; label: string }[] = [
  { value: 'connection', label: 'Connecting data' },
  { value: 'postlog', label: 'Post-logs' },
  { value: 'report', label: 'A report' },
  { value: 'billing', label: 'Billing' },
  { value: 'other', label: 'Something else' },
];

/** Props of {@link HelpForm}. */
export interface HelpFormProps {
  /** The open client (attached to the request when the box is ticked). @default none */
  clientUid?: string;
}

/**
 * The hidden panel's content: "Request help" (request_help; requestHelpInputSchema, checked here
 * and on the server), a topic and a message to the team inbox, with the open client attached
 * unless the user unticks it.
 */
export function HelpForm({ clientUid }: HelpFormProps) {
  const ids = { topic: useId(), message: useId(), messageError: useId() };
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [attach, setAttach] = useState(true);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<HelpInput, unknown, HelpValues>({
    resolver: zodResolver(requestHelpInputSchema),
    defaultValues: { topic: 'other', message: '' },
  });

  const onSubmit = async (values: HelpValues) => {
    setOutcome(null);
    try {
      await callRoute('request_help', {
        ...values,
        ...(attach && clientUid ? { client_uid: clientUid } : {}),
      });
      reset({ topic: values.topic, message: '' });
      setOutcome({ ok: true, text: 'Sent. Our team will answer by email within a working day.' });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  };

  return (
    <form
      className={styles.helpForm}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Request help"
    >
      <p className={styles.muted}>Stuck? Tell our team what you need; we answer by email.</p>
      <FormAlert tone={outcome?.ok ? 'success' : 'error'} message={outcome?.text} />
      <label htmlFor={ids.topic} className={styles.fieldLabel}>
        Topic
      </label>
      <select id={ids.topic} className="select" {...register('topic')}>
        {TOPICS.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <label htmlFor={ids.message} className={styles.fieldLabel}>
        Message
      </label>
      <textarea
        id={ids.message}
        className="input"
        rows={6}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={errors.message ? ids.messageError : undefined}
        {...register('message')}
      />
      <FieldMessage id={ids.messageError} error={errors.message} />
      {clientUid && (
        <label className="checkbox">
          <input type="checkbox" checked={attach} onChange={(e) => setAttach(e.target.checked)} />
          Attach the open client
        </label>
      )}
      <SubmitButton busy={isSubmitting} busyLabel="Sending…">
        Send request
      </SubmitButton>
    </form>
  );
}
