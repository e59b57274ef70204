import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { loginSchema } from '#shared/contracts/account.schema';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import type { MfaStep } from '#shared/contracts/mfa.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { FormAlert, ShowPassword, SubmitButton, TextField } from './form-controls';
import { useCompleteLogin } from './login-result';
import { MfaStepPanel } from './mfa-step';

/** Props of the login box. */
export interface LoginBoxProps {
  /** Where to go after logging in (the /login `next` query). @default the server's redirect_uri */
  next?: string | null;
  /** Pre-fills the e-mail (e.g. /login?email=). @default '' */
  defaultEmail?: string;
  /** Shows a "Forgot password?" button that calls this. @default none */
  onForgotPassword?: (email: string) => void;
  /** Told when the authenticator step starts (true) and ends (false). @default none */
  onMfaStep?: (active: boolean) => void;
  /** The secret of a mailed unlock link (/login?unlock=), sent along to sign in past a lock. @default none */
  unlockToken?: string | null;
}

type LoginForm = z.input<typeof loginSchema>;
type LoginValues = z.output<typeof loginSchema>;

/**
 * The e-mail login (spec §3 "Login": email_address or username, password, stay_logged_in,
 * show_password; §5 "Login manual" messages; §8 "Login error ... marks the email field").
 * Used by /login, the landing page's Login box and the call centre's sign-in. Enter submits; the
 * button is disabled while sending; an unverified account gets a link to /verify-email. A staff
 * or agent account answers with an authenticator step (`mfa`), shown in place of the form
 * (MfaStepPanel); the tokens come only after its code.
 */
export function LoginBox({
  next,
  defaultEmail = '',
  onForgotPassword,
  onMfaStep,
  unlockToken,
}: LoginBoxProps) {
  const completeLogin = useCompleteLogin();
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<ApiError | Error | null>(null);
  const [mfa, setMfa] = useState<{ step: MfaStep; email: string; stay: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email_address: defaultEmail, password: '', stay_logged_in: false },
  });

  const onSubmit = async (values: LoginValues) => {
    setServerError(null);
    try {
      const body = unlockToken ? { ...values, unlock_token: unlockToken } : values;
      const result = await callRoute<LoginResult>('rest_login', body);
      if (result.mfa) {
        setMfa({ step: result.mfa, email: values.email_address, stay: values.stay_logged_in });
        onMfaStep?.(true);
        return;
      }
      await completeLogin(result, {
        email: values.email_address,
        stay: values.stay_logged_in,
        next,
      });
    } catch (error) {
      setServerError(error instanceof Error ? error : new Error(String(error)));
      // Spec §8: a login error marks the e-mail field.
      setError('email_address', { type: 'server', message: '' }, { shouldFocus: true });
    }
  };

  const unverified = serverError instanceof ApiError && serverError.code === 'email_not_verified';
  const email = getValues('email_address') ?? '';
  if (mfa)
    return (
      <MfaStepPanel
        step={mfa.step}
        onSignedIn={(result) => completeLogin(result, { email: mfa.email, stay: mfa.stay, next })}
        onRestart={(reason) => {
          setMfa(null);
          onMfaStep?.(false);
          setServerError(reason ?? null);
        }}
      />
    );
  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Log in">
      <FormAlert message={serverError ? errorMessage(serverError) : null}>
        {unverified && (
          <p className="form-alert__action">
            <Link to={`/verify-email?email=${encodeURIComponent(email.trim().toLowerCase())}`}>
              Verify your e-mail address
            </Link>
          </p>
        )}
      </FormAlert>
      <TextField
        label="E-mail or username"
        type="text"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        autoComplete="username"
        registration={register('email_address')}
        error={errors.email_address}
      />
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      <div className="auth-form__row">
        <ShowPassword checked={showPassword} onChange={setShowPassword} />
        <label className="checkbox form-check">
          <input type="checkbox" {...register('stay_logged_in')} />
          Stay logged in
        </label>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Logging in…" className="auth-form__submit">
        Log in
      </SubmitButton>
      {onForgotPassword && (
        <button
          type="button"
          className="button button--ghost auth-form__link"
          onClick={() => onForgotPassword(getValues('email_address') ?? '')}
        >
          Forgot password?
        </button>
      )}
    </form>
  );
}
