import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, resetRequestSchema } from '#shared/contracts/account.schema';
import { ApiError, callRoute } from '../api/client';
import { FormAlert, SubmitButton, TextField } from './form-controls';

/** Props of the reset sub-panel. */
export interface ResetPanelProps {
  /** Pre-fills the e-mail from the login form. @default '' */
  defaultEmail?: string;
  /** Back to the login form. */
  onBack: () => void;
}

type ResetForm = z.input<typeof resetRequestSchema>;
type ResetValues = z.output<typeof resetRequestSchema>;

/** The spec §8 reset failure heading. */
export const RESET_FAILED = 'Unable to Reset Password. Please check your E-Mail address';

/**
 * The password-reset sub-panel of /login (spec §4 "A password-reset sub-panel can be shown"):
 * e-mail -> reset_password -> spec §8 success "Password Reset. Please check your email." or
 * failure "Unable to Reset Password. Please check your E-Mail address" plus the server message
 * (unexpected errors carry the generic message).
 */
export function ResetPanel({ defaultEmail = '', onBack }: ResetPanelProps) {
  const [outcome, setOutcome] = useState<
    { tone: 'success'; text: string } | { tone: 'error'; text: string } | null
  >(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm, unknown, ResetValues>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = async (values: ResetValues) => {
    setOutcome(null);
    try {
      await callRoute('reset_password', values);
      setOutcome({ tone: 'success', text: ACCOUNT_MESSAGES.resetSent });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      setOutcome({ tone: 'error', text: message });
    }
  };

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Reset your password"
    >
      <p className="auth-form__help">
        Enter the e-mail address of your account and we'll send you a link to choose a new password.
      </p>
      {outcome?.tone === 'success' && <FormAlert tone="success" message={outcome.text} />}
      {outcome?.tone === 'error' && (
        <FormAlert
          title={outcome.text ? RESET_FAILED : undefined}
          message={outcome.text || RESET_FAILED}
        />
      )}
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Sending…" className="auth-form__submit">
        Send reset link
      </SubmitButton>
      <button type="button" className="button button--ghost auth-form__link" onClick={onBack}>
        Back to log in
      </button>
    </form>
  );
}
