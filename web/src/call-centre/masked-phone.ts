import type { UseFormRegisterReturn } from 'react-hook-form';
import { maskCallPhone } from '#shared/contracts/call-centre.schema';

/**
 * A phone field's registration that masks what the agent types as `(999) 999-9999` (spec §5
 * "phone fields mask (999) 999-9999") before react-hook-form reads it.
 */
export function maskedPhone(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      input.value = maskCallPhone(input.value);
      return registration.onChange(event);
    },
  };
}

/** Input props shared by the call-centre phone fields. */
export const PHONE_INPUT = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'off',
  placeholder: '(555) 555-5555',
} as const;

/** Input props shared by the call-centre e-mail fields (spec §5 "email fields use an email mask"). */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
