import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  type SendSummaryEmailResult,
  SUMMARY_NOTE_MAX,
  SUMMARY_RECIPIENTS_MAX,
  sendSummaryEmailInputSchema,
  summaryRecipientSchema,
} from '#shared/contracts/summary-email.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { FieldMessage, FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import css from './summary-email-dialog.module.css';

/**
 * The form: react-hook-form's field arrays hold objects, so each recipient is `{ address }`;
 * the rules are the contract's (layers/shared/contracts/summary-email.schema.ts).
 */
const formSchema = z.object({
  recipients: z
    .array(z.object({ address: summaryRecipientSchema }))
    .min(1, 'Add at least one recipient.')
    .max(SUMMARY_RECIPIENTS_MAX, `A summary goes to at most ${SUMMARY_RECIPIENTS_MAX} recipients.`),
  note: sendSummaryEmailInputSchema.shape.note,
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** Props of {@link SummaryEmailDialog}. */
export interface SummaryEmailDialogProps {
  clientUid: string;
  /** The report on screen. */
  reportId: string;
  /** The report screen's query string (tab, dates, drill-downs...), kept in the e-mail's link. */
  view: string;
  onClose: () => void;
}

/**
 * "E-mail summary" (spec §7 send_summary_email): up to 10 addresses (one per line, Add and
 * Remove), an optional note, Send. The server mails each address the report's KPIs with their
 * change, the top performers, a small chart and a link back to this view; the dialog then says
 * who it went to. Errors of the server (the hourly limit, a refused client) show above the form.
 */
export function SummaryEmailDialog({
  clientUid,
  reportId,
  view,
  onClose,
}: SummaryEmailDialogProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string[] | null>(null);
  const noteId = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { recipients: [{ address: '' }], note: '' },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'recipients' });
  const note = useWatch({ control, name: 'note' }) ?? '';
  // A rule of the whole list (none, more than 10) rather than of one address.
  const listError = errors.recipients?.root?.message ?? errors.recipients?.message;

  const onSubmit = async (values: FormValues) => {
    setProblem(null);
    try {
      const result = await callRoute<SendSummaryEmailResult>('send_summary_email', {
        client_uid: clientUid,
        report_id: reportId,
        recipients: values.recipients.map((r) => r.address),
        note: values.note,
        view,
      });
      setSentTo(result.recipients);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : errorMessage(error));
    }
  };

  if (sentTo) {
    return (
      <ModalDialog title="E-mail a summary" onClose={onClose}>
        <FormAlert tone="success" message={`Summary sent to ${sentTo.join(', ')}.`} />
        <div className="modal__footer">
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title="E-mail a summary" onClose={onClose}>
      <form
        className="auth-form"
        noValidate
        aria-label="E-mail a summary"
        onSubmit={handleSubmit(onSubmit)}
      >
        <p className="form-field__hint">
          Each address gets the key figures with their change, the top performers, a small chart and
          a link back to this report. Opening the link needs access to this client.
        </p>
        <FormAlert message={problem} />
        <fieldset className="form-section">
          <legend className="form-section__title">Recipients</legend>
          {fields.map((field, i) => (
            <div key={field.id} className={css.recipient}>
              <TextField
                label={`Recipient ${i + 1}`}
                type="email"
                autoComplete="email"
                placeholder="name@example.com"
                maxLength={254}
                registration={register(`recipients.${i}.address`)}
                error={errors.recipients?.[i]?.address}
              />
              {fields.length > 1 && (
                <button
                  type="button"
                  className={`button ${css.remove}`}
                  aria-label={`Remove recipient ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  Remove
                </button>
              )}
            </div>
          ))}
          {listError && (
            <p className="form-field__error" role="alert">
              {listError}
            </p>
          )}
          {fields.length < SUMMARY_RECIPIENTS_MAX && (
            <button
              type="button"
              className={`button ${css.add}`}
              onClick={() => append({ address: '' })}
            >
              Add recipient
            </button>
          )}
        </fieldset>
        <div className="form-field">
          <label htmlFor={noteId} className="form-field__label">
            Note (optional)
          </label>
          <textarea
            id={noteId}
            className={`input form-field__input customize__textarea${errors.note ? ' input--invalid' : ''}`}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={`${noteId}-count`}
            {...register('note')}
          />
          <p id={`${noteId}-count`} className="form-field__count">
            {`${note.length.toLocaleString('en-US')} / ${SUMMARY_NOTE_MAX.toLocaleString('en-US')} characters`}
          </p>
          <FieldMessage error={errors.note} />
        </div>
        <div className="modal__footer">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} busyLabel="Sending…">
            Send
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
