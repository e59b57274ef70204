import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '#shared/contracts/account.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { REGISTRATION_DEFAULTS } from './registration-parts';

/**
 * The registration form's state and submit, shared by /register and the subscribe wizard's
 * account step (spec §3 "Registration", §5 messages, §8 "Registration: server message and
 * field-specific email error"). The shared registrationSchema checks every field; submit calls
 * `register`, then `onRegistered` with the parsed values. A server error shows in `serverError`
 * and, when it names a field (e.g. the e-mail), on that field, which gets the focus.
 * @param prefill starting values on top of the blank form (e.g. from a landing lookup link).
 */
export function useRegistrationForm(
  prefill: Partial<RegistrationInput>,
  onRegistered: (values: Registration) => void,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: { ...REGISTRATION_DEFAULTS, ...prefill },
  });
  const onSubmit = form.handleSubmit(async (values: Registration) => {
    setServerError(null);
    try {
      await callRoute('register', values);
      onRegistered(values);
    } catch (error) {
      setServerError(errorMessage(error));
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && field in REGISTRATION_DEFAULTS)
        form.setError(
          field as keyof RegistrationInput,
          { type: 'server', message: errorMessage(error) },
          { shouldFocus: true },
        );
    }
  });
  return { form, serverError, onSubmit };
}
