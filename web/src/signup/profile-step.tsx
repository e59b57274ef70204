import { zodResolver } from '@hookform/resolvers/zod';
import { type Dispatch, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type SignupRole,
  type SimpleProfile,
  type SimpleProfileInput,
  simpleProfileSchema,
} from '#shared/contracts/signup.schema';
import { ApiError, errorMessage } from '../api/client';
import { FormAlert, SubmitButton } from '../auth/form-controls';
import { useCompleteLogin } from '../auth/login-result';
import { NewPasswordFields } from '../auth/new-password-fields';
import { NameFields, TermsCheckbox } from '../auth/registration-parts';
import { simpleRegister } from './signup-api';
import type { SignupAction } from './signup-state';

const DEFAULTS: SimpleProfileInput = {
  first_name: '',
  last_name: '',
  new_password: '',
  confirm_password: '',
  accept_terms: false as unknown as true,
};

/** Props of the profile step. */
export interface ProfileStepProps {
  email: string;
  role: SignupRole;
  proofToken: string;
  /** Where to go once signed in: the subscribe wizard with the chosen plan and product. */
  next: string;
  dispatch: Dispatch<SignupAction>;
}

/**
 * The profile step (spec §4 "revealing the profile step"; §5 names and password rules, word for
 * word): creates the account for the confirmed address with simple_register (no second
 * verification mail), stores the session and goes on to the subscribe wizard. An expired proof
 * sends the page back to the code; an address that turns out to have an account gets "log in
 * instead"; other failures show the server's message (spec §8 "registration failures show the
 * server message inline").
 */
export function ProfileStep({ email, role, proofToken, next, dispatch }: ProfileStepProps) {
  const completeLogin = useCompleteLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SimpleProfileInput, unknown, SimpleProfile>({
    resolver: zodResolver(simpleProfileSchema),
    defaultValues: DEFAULTS,
  });

  const onSubmit = async (values: SimpleProfile) => {
    setServerError(null);
    try {
      const result = await simpleRegister({ ...values, role, proof_token: proofToken });
      await completeLogin(result, { email, stay: true, next });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'proof_invalid') return dispatch({ type: 'proof_expired' });
      if (code === 'email_taken') return dispatch({ type: 'account_exists' });
      setServerError(errorMessage(error));
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && field in DEFAULTS)
        setError(field as keyof SimpleProfileInput, {
          type: 'server',
          message: errorMessage(error),
        });
    }
  };

  return (
    <form
      className="auth-form signup-profile"
      noValidate
      aria-label="About you"
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormAlert message={serverError} />
      <div className="form-grid">
        <NameFields
          first={register('first_name')}
          last={register('last_name')}
          errors={{ first: errors.first_name, last: errors.last_name }}
        />
      </div>
      <NewPasswordFields
        label="Password"
        grid
        password={register('new_password')}
        confirm={register('confirm_password')}
        errors={{ password: errors.new_password, confirm: errors.confirm_password }}
      />
      <TermsCheckbox
        id="signup-terms-error"
        registration={register('accept_terms')}
        error={errors.accept_terms}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account…">
        Create account and continue
      </SubmitButton>
    </form>
  );
}
