import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type ReportSettingsDoc,
  type SavedReport,
  saveReportInputSchema,
} from '#shared/contracts/report-session.schema';
import { ApiError, errorMessage } from '../api/client';
import { saveReport } from '../api/use-saved-reports';
import { FieldMessage, FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';

const formSchema = saveReportInputSchema.pick({ name: true, comments: true });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** Props of {@link SaveReportDialog}. */
export interface SaveReportDialogProps {
  clientUid: string;
  /** The report on screen (a finished run of the client). */
  reportId: string;
  /** The report session, when known. @default none */
  sessionUid?: string;
  /** The settings to keep with it (the Customize window's current document). */
  settings: ReportSettingsDoc;
  /** Called with the stored saved report; the dialog's owner closes it. */
  onSaved: (saved: SavedReport) => void;
  onClose: () => void;
}

/**
 * The Save Report dialog (spec §7 save_report: name, comments, settings): a name
 * (required) and comments. One idempotency key per open dialog, so a retried click stores the
 * report once. Errors from the server show above the form, or on the field they name.
 */
export function SaveReportDialog({
  clientUid,
  reportId,
  sessionUid,
  settings,
  onSaved,
  onClose,
}: SaveReportDialogProps) {
  const savedId = useRef(crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const commentsId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', comments: '' },
  });

  const onSubmit = async (values: FormValues) => {
    setProblem(null);
    try {
      const saved = await saveReport({
        client_uid: clientUid,
        report_id: reportId,
        ...(sessionUid ? { session_uid: sessionUid } : {}),
        name: values.name,
        comments: values.comments,
        settings,
        saved_id: savedId.current,
      });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'name' || error.field === 'comments'))
        setError(error.field, { message: error.message });
      else setProblem(errorMessage(error));
    }
  };

  return (
    <ModalDialog title="Save report" onClose={onClose}>
      <form
        className="auth-form"
        noValidate
        aria-label="Save report"
        onSubmit={handleSubmit(onSubmit)}
      >
        <FormAlert message={problem} />
        <TextField
          label="Report name"
          autoComplete="off"
          maxLength={120}
          registration={register('name')}
          error={errors.name}
        />
        <div className="form-field">
          <label htmlFor={commentsId} className="form-field__label">
            Comments
          </label>
          <textarea
            id={commentsId}
            className={`input form-field__input customize__textarea${errors.comments ? ' input--invalid' : ''}`}
            maxLength={2000}
            aria-invalid={errors.comments ? true : undefined}
            {...register('comments')}
          />
          <FieldMessage error={errors.comments} />
        </div>
        <div className="modal__footer">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} busyLabel="Saving…">
            Save report
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
