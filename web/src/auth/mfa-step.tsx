import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { type MfaStep, mfaCodeField } from '#shared/contracts/mfa.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { FormAlert, SubmitButton, TextField } from './form-controls';
import { MfaQrCode } from './mfa-qr';
import './mfa.css';

const codeForm = z.object({ code: mfaCodeField });
type CodeForm = z.input<typeof codeForm>;
type CodeValues = z.output<typeof codeForm>;

/** Props of the authenticator step of a sign-in. */
export interface MfaStepPanelProps {
  /** rest_login's `mfa`: setup (with secret and otpauth:// address) or challenge. */
  step: MfaStep;
  /** Called with mfa_setup's or mfa_challenge's answer once the code was right. */
  onSignedIn: (result: LoginResult) => Promise<void>;
  /** Back to the password; `reason` says why (the step expired or ran out of tries). */
  onRestart: (reason?: ApiError) => void;
}

/** The secret in groups of four, as authenticator apps show keys. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The second step of a staff or agent sign-in. Setup: a QR code of the otpauth:// address, the
 * same key as text (readable by screen readers and copyable), and the first 6-digit code, which
 * turns the authenticator on (mfa_setup). Challenge: the 6-digit code (mfa_challenge). The code
 * field takes the app's or the phone's one-time code (autocomplete="one-time-code", numeric
 * keyboard) and has focus. A wrong code says so and may be tried again (5 tries); an expired or
 * used-up step goes back to the password with the server's message.
 */
export function MfaStepPanel({ step, onSignedIn, onRestart }: MfaStepPanelProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const setup = step.step === 'setup';
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm, unknown, CodeValues>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });

  // The panel replaces the password form: the code field is where the user goes on.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = async ({ code }: CodeValues) => {
    setServerError(null);
    try {
      const result = await callRoute<LoginResult>(setup ? 'mfa_setup' : 'mfa_challenge', {
        session: step.session,
        code,
      });
      await onSignedIn(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'mfa_session_expired') {
        onRestart(error);
        return;
      }
      setServerError(errorMessage(error));
      resetField('code');
      setError('code', { type: 'server', message: '' });
      setFocus('code');
    }
  };

  const copy = () => {
    void navigator.clipboard?.writeText(step.secret ?? '').then(() => setCopied(true));
  };

  return (
    <form
      className="auth-form mfa-step"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby="mfa-title"
    >
      <h2 id="mfa-title" className="auth-form__title">
        {setup ? 'Set up two-step sign-in' : 'Enter your authenticator code'}
      </h2>
      <p className="auth-form__help mfa-step__intro">
        {setup
          ? 'Staff and agent accounts need a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) as well as the password.'
          : 'Open your authenticator app and enter the 6-digit code it shows for AnalyticOwl.'}
      </p>
      <FormAlert message={serverError} />
      {setup && step.otpauth_uri && step.secret && (
        <ol className="mfa-step__steps">
          <li>
            Scan this QR code with the app.
            <MfaQrCode uri={step.otpauth_uri} />
          </li>
          <li>
            Or type this key into the app:
            <span className="mfa-step__key-row">
              <code className="mfa-step__key">{grouped(step.secret)}</code>
              <button type="button" className="button button--ghost" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </button>
            </span>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
      )}
      <TextField
        label="6-digit code"
        type="text"
        inputMode="numeric"
        pattern="[0-9 ]*"
        autoComplete="one-time-code"
        maxLength={7}
        className="input form-field__input input--code"
        registration={register('code')}
        error={errors.code}
        hint="Codes change every 30 seconds."
      />
      <SubmitButton busy={isSubmitting} busyLabel="Checking…" className="auth-form__submit">
        {setup ? 'Turn on and log in' : 'Log in'}
      </SubmitButton>
      <button
        type="button"
        className="button button--ghost auth-form__link"
        onClick={() => onRestart()}
      >
        Back to e-mail and password
      </button>
    </form>
  );
}
