import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import {
  COMMS_MESSAGES,
  type DoNotSellInput,
  type DoNotSellRequest,
  doNotSellSchema,
} from '#shared/contracts/comms.schema';
import { sendDoNotSell } from '../api/actions';
import { FieldMessage, SubmitButton, TextField } from '../auth/form-controls';
import { Honeypot } from './contact-form';

/** Props of {@link DoNotSellPage}. */
export interface DoNotSellPageProps {
  /** Page heading. @default 'Do Not Sell My Personal Information' */
  title?: string;
}

/** Text fields in form order with their labels. */
const FIELDS = [
  ['first_name', 'First name', 'given-name'],
  ['last_name', 'Last name', 'family-name'],
  ['email', 'E-mail address', 'email'],
  ['address', 'Address', 'street-address'],
  ['city', 'City', 'address-level2'],
  ['state', 'State', 'address-level1'],
  ['zipcode', 'Zip/Postal code', 'postal-code'],
] as const;

/**
 * /do-not-sell-my-info (spec §2; fields spec §3 "Do-not-sell request"; rules and messages §5
 * "Do-not-sell"; states §4 idle, sending, sent). Every field is required, the do-not-sell box
 * must be checked, California is optional. Once sent, the send button becomes a thank-you
 * whether or not the call succeeded (spec §4, §8 "Do-not-sell ... failures: swallowed silently").
 */
export function DoNotSellPage({
  title = 'Do Not Sell My Personal Information',
}: DoNotSellPageProps) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DoNotSellInput, unknown, DoNotSellRequest>({
    resolver: zodResolver(doNotSellSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      address: '',
      city: '',
      state: '',
      zipcode: '',
      california: false,
      do_not_sell: false as unknown as true,
      website: '',
    },
  });

  const onSubmit = async (values: DoNotSellRequest) => {
    setState('sending');
    try {
      await sendDoNotSell(values);
    } catch {
      // spec §8: do-not-sell failures are swallowed; the request is shown as sent.
    }
    setState('sent');
  };

  const checkError = errors.do_not_sell as FieldError | undefined;
  return (
    <div className="do-not-sell">
      <h1>{title}</h1>
      <p>
        Tell us who you are and we will not sell or share your personal information. We answer
        within 10 business days.
      </p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
        {FIELDS.map(([name, label, autoComplete]) => (
          <TextField
            key={name}
            label={label}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={autoComplete}
            registration={register(name)}
            error={errors[name]}
            disabled={state !== 'idle'}
          />
        ))}
        <label className="checkbox form-check">
          <input type="checkbox" {...register('california')} disabled={state !== 'idle'} />I am a
          California resident
        </label>
        <div className="form-field">
          <label className="checkbox form-check">
            <input
              type="checkbox"
              aria-invalid={checkError ? true : undefined}
              aria-describedby={checkError ? 'do-not-sell-check-error' : undefined}
              {...register('do_not_sell')}
              disabled={state !== 'idle'}
            />
            Do not sell my personal information
          </label>
          <FieldMessage id="do-not-sell-check-error" error={checkError} />
        </div>
        <Honeypot registration={register('website')} />
        {state === 'sent' ? (
          <p className="form-alert form-alert--success" role="status">
            {COMMS_MESSAGES.contactSent}
          </p>
        ) : (
          <SubmitButton busy={state === 'sending'} busyLabel="Sending…">
            Send
          </SubmitButton>
        )}
      </form>
    </div>
  );
}
