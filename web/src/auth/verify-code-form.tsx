import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { verifyEmailSchema } from '#shared/contracts/account.schema';
import { SubmitButton, TextField } from './form-controls';

type VerifyForm = z.input<typeof verifyEmailSchema>;
/** A checked verify_email input: lower-case e-mail and the 6-character code. */
export type VerifyValues = z.output<typeof verifyEmailSchema>;

/** Props of the code form. */
export interface VerifyCodeFormProps {
  defaultEmail: string;
  defaultCode?: string;
  /** True while verify_email is in flight. */
  busy: boolean;
  onSubmit: (values: VerifyValues) => void;
}

/** E-mail + the 6-character code (spec §9 "Verification code length 6"). */
export function VerifyCodeForm({
  defaultEmail,
  defaultCode = '',
  busy,
  onSubmit,
}: VerifyCodeFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VerifyForm, unknown, VerifyValues>({
    resolver: zodResolver(verifyEmailSchema),
    defaultValues: { email: defaultEmail, code: defaultCode },
  });
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Verify your e-mail"
    >
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        label="Verification code"
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={6}
        className="input form-field__input input--code"
        registration={register('code')}
        error={errors.code}
        hint="The 6-character code from the e-mail we sent you."
      />
      <SubmitButton busy={busy} busyLabel="Verifying…" className="auth-form__submit">
        Verify e-mail
      </SubmitButton>
    </form>
  );
}
