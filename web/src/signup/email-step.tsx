import { zodResolver } from '@hookform/resolvers/zod';
import { type Dispatch, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { type SendAuthCodeInput, sendAuthCodeSchema } from '#shared/contracts/signup.schema';
import { TextField } from '../auth/form-controls';
import { sendAuthCode, verifyAuthCode } from './signup-api';
import type { SignupAction, SignupState } from './signup-state';

/** The length of the e-mailed code (spec §9 "Verification code length 6"). */
export const CODE_LENGTH = 6;

/** Props of the add_email step. */
export interface EmailStepProps {
  state: SignupState;
  dispatch: Dispatch<SignupAction>;
  /** Where "Log in instead" leads (returns to the subscribe wizard after login). */
  loginHref: string;
}

/**
 * The add_email step (spec §4: "After a code is sent the code field appears; a 6-character code
 * triggers verification and sets authenticated"; §5 the address is trimmed and lower-cased).
 * Failures of send_auth_code and verify_auth_code are swallowed (spec §8 "auth-code failures:
 * swallowed silently"): the code field appears either way, and a code that does not work simply
 * stays in the field, selected, next to "Send a new code".
 */
export function EmailStep({ state, dispatch, loginHref }: EmailStepProps) {
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  // The address on screen now: an answer for an address edited away meanwhile is dropped.
  const currentEmail = useRef(state.email_address);
  currentEmail.current = state.email_address;
  const codeId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SendAuthCodeInput, unknown, { email_address: string }>({
    resolver: zodResolver(sendAuthCodeSchema),
    defaultValues: { email_address: state.email_address },
  });

  const send = async ({ email_address }: { email_address: string }) => {
    setSending(true);
    try {
      await sendAuthCode(email_address);
    } catch {
      // Swallowed (spec §8): the code field shows all the same.
    }
    setSending(false);
    setCode('');
    // Show the address as it is used: trimmed and lower-cased (spec §5).
    setValue('email_address', email_address);
    dispatch({ type: 'code_sent', email_address });
  };

  const check = async (value: string) => {
    const email = state.email_address;
    setChecking(true);
    try {
      const result = await verifyAuthCode(email, value);
      if (currentEmail.current === email)
        dispatch({
          type: 'authenticated',
          has_account: result.has_account,
          proof_token: result.proof_token ?? null,
        });
    } catch {
      // Swallowed (spec §8): the code stays, selected, so typing replaces it.
      codeInput.current?.select();
    }
    setChecking(false);
  };

  const onCode = (raw: string) => {
    const value = raw.replace(/\s+/g, '').slice(0, CODE_LENGTH);
    setCode(value);
    if (value.length === CODE_LENGTH && !checking) void check(value);
  };

  if (state.authenticated)
    return (
      <div className="signup-email">
        <p className="signup-confirmed" role="status">
          <span aria-hidden="true">✓ </span>
          <strong>{state.email_address}</strong> is confirmed.
        </p>
        {state.has_account && (
          <div className="form-alert form-alert--success signup-existing">
            <p className="form-alert__message">
              You already have an account with this address. Log in and we'll take you to your plan.
            </p>
            <Link className="button button--primary" to={loginHref}>
              Log in instead
            </Link>
          </div>
        )}
        <button
          type="button"
          className="link-button"
          onClick={() => dispatch({ type: 'edit_email' })}
        >
          Use a different e-mail
        </button>
      </div>
    );

  return (
    <div className="signup-email">
      {state.proof_expired && (
        <p className="signup-note" role="status">
          Your confirmation ran out. Send yourself a new code to finish.
        </p>
      )}
      <form
        className="signup-email__row"
        noValidate
        aria-label="Your e-mail"
        onSubmit={handleSubmit(send)}
      >
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={register('email_address', {
            onChange: () => {
              if (state.verification_sent) dispatch({ type: 'edit_email' });
            },
          })}
          error={errors.email_address}
        />
        {/* Once a code is out, typing it is the main thing to do: resending steps back. */}
        <button
          type="submit"
          className={`button${state.verification_sent ? '' : ' button--primary'} signup-email__send`}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? 'Sending…' : state.verification_sent ? 'Send a new code' : 'Send code'}
        </button>
      </form>
      {state.verification_sent && (
        <div className="form-field signup-code">
          <label htmlFor={codeId} className="form-field__label">
            Verification code
          </label>
          <input
            id={codeId}
            ref={codeInput}
            className="input form-field__input input--code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={CODE_LENGTH}
            value={code}
            aria-describedby={`${codeId}-hint`}
            aria-busy={checking || undefined}
            // The field appears because the person asked for it: put the cursor there.
            // biome-ignore lint/a11y/noAutofocus: the next thing to do is type the code
            autoFocus
            onChange={(e) => onCode(e.target.value)}
          />
          <p id={`${codeId}-hint`} className="form-field__hint">
            {checking
              ? 'Checking…'
              : `We've e-mailed a ${CODE_LENGTH}-character code to ${state.email_address}. It works for 15 minutes.`}
          </p>
        </div>
      )}
    </div>
  );
}
