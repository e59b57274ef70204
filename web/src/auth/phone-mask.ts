import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Formats what a user typed as the spec §5 phone mask 999-999-9999, as they type: keeps the
 * first 10 digits and inserts the dashes (e.g. '(555) 123 4' -> '555-123-4').
 */
export function maskPhone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * A react-hook-form registration of a phone field whose value is masked as the user types
 * (spec §5 mask 999-999-9999).
 */
export function maskedPhone(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event) => {
      event.target.value = maskPhone(event.target.value);
      return registration.onChange(event);
    },
  };
}
