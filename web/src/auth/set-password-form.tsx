import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordSchema, finishRegistrationSchema } from '#shared/contracts/account.schema';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { FormAlert, SubmitButton } from './form-controls';
import { useCompleteLogin } from './login-result';
import { NewPasswordFields } from './new-password-fields';

/** The fields of both password forms; only the two passwords are visible. */
interface PasswordForm {
  new_password: string;
  confirm_password: string;
  token?: string;
  email?: string;
  code?: string;
}

/** Props of the set-password form. */
export type SetPasswordFormProps =
  /** Completes a reset from the e-mailed link: change_password {token, ...}. */
  | { mode: 'reset'; token: string; email?: undefined; code?: undefined }
  /** Completes a registration after the code: finish_registration {email, code, ...}. */
  | { mode: 'finish'; email: string; code: string; token?: undefined };

const SCHEMAS = {
  reset: changePasswordSchema,
  finish: finishRegistrationSchema,
} as const;

/**
 * New password + confirm with "Show password" (spec §3 "Password reset"; §4 "Email
 * verification ... a set-password form shows"; §5 "Password (reset/finish)" messages). The
 * whole input (with the hidden token, or e-mail and code) is checked by the shared contract
 * schema; on success the returned tokens are stored and the user lands in /ss.
 */
export function SetPasswordForm(props: SetPasswordFormProps) {
  const completeLogin = useCompleteLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const schema = SCHEMAS[props.mode] as unknown as z.ZodType<PasswordForm, PasswordForm>;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(schema),
    defaultValues:
      props.mode === 'reset'
        ? { token: props.token, new_password: '', confirm_password: '' }
        : { email: props.email, code: props.code, new_password: '', confirm_password: '' },
  });

  const onSubmit = async (values: PasswordForm) => {
    setServerError(null);
    try {
      const route = props.mode === 'reset' ? 'change_password' : 'finish_registration';
      const result = await callRoute<LoginResult>(route, { ...values });
      await completeLogin(result, { email: values.email ?? '', stay: false, next: '/ss' });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  const hiddenError = errors.token?.message ?? errors.code?.message ?? errors.email?.message;
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Set your password"
    >
      <FormAlert message={serverError ?? hiddenError} />
      <NewPasswordFields
        label="New password"
        password={register('new_password')}
        confirm={register('confirm_password')}
        errors={{ password: errors.new_password, confirm: errors.confirm_password }}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" className="auth-form__submit">
        Set password and log in
      </SubmitButton>
    </form>
  );
}
