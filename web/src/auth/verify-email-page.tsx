import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import { callRoute } from '../api/client';
import { AuthLayout } from './auth-layout';
import { FormAlert } from './form-controls';
import { SetPasswordForm } from './set-password-form';
import { VerifyCodeForm, type VerifyValues } from './verify-code-form';

/** verify_email's answer (spec §3 "Email verification response"). */
interface VerifyResult {
  verified: boolean;
  needs_password: boolean;
  /** The client a landing-preview sign-up asked for, created now: opened after log-in. */
  client_uid?: string;
}

/** Shown after a resend, whether or not the address has an account (no e-mail probing). */
export const RESENT_MESSAGE = "If that address has an account, we've sent it a new code.";

type Stage =
  | { kind: 'form' }
  | { kind: 'verifying' }
  | { kind: 'failed' }
  | { kind: 'verified'; email: string; clientUid?: string }
  | { kind: 'needs_password'; email: string; code: string };

/**
 * /verify-email?email&code (spec §2; §4 "Email verification: loading, then verified or not; if
 * not registered or no password, a set-password form shows ... Resend sets a resent message";
 * §8 verification failure with a resend link). With both query values it verifies at once.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const queryEmail = params.get('email') ?? '';
  const queryCode = params.get('code') ?? '';
  const [stage, setStage] = useState<Stage>(
    queryEmail && queryCode ? { kind: 'verifying' } : { kind: 'form' },
  );
  const [email, setEmail] = useState(queryEmail);
  const [resent, setResent] = useState<'sending' | 'sent' | null>(null);
  const autoStarted = useRef(false);

  const verify = useCallback(async (values: VerifyValues) => {
    setStage({ kind: 'verifying' });
    setEmail(values.email);
    setResent(null);
    try {
      const result = await callRoute<VerifyResult>('verify_email', values);
      if (result.needs_password)
        setStage({ kind: 'needs_password', email: values.email, code: values.code });
      else if (result.verified)
        setStage({ kind: 'verified', email: values.email, clientUid: result.client_uid });
      else setStage({ kind: 'failed' });
    } catch {
      setStage({ kind: 'failed' });
    }
  }, []);

  useEffect(() => {
    if (autoStarted.current || !queryEmail || !queryCode) return;
    autoStarted.current = true;
    void verify({ email: queryEmail.trim().toLowerCase(), code: queryCode.trim() });
  }, [queryEmail, queryCode, verify]);

  const resend = async () => {
    setResent('sending');
    // Spec §8: auth-code failures are swallowed; the answer never says whether the address exists.
    await callRoute('send_verify_email', { email: email.trim().toLowerCase() }).catch(() => null);
    setResent('sent');
  };

  if (stage.kind === 'needs_password')
    return (
      <AuthLayout title="Set your password" intro="Your e-mail is verified. Choose a password.">
        <SetPasswordForm mode="finish" email={stage.email} code={stage.code} />
      </AuthLayout>
    );

  if (stage.kind === 'verified')
    return (
      <AuthLayout title="E-mail verified">
        <FormAlert tone="success" message="E-mail verified. Please log in." />
        <p className="auth-card__footer">
          <Link
            className="button button--primary"
            to={`/login?email=${encodeURIComponent(stage.email)}${
              stage.clientUid ? `&next=${encodeURIComponent(`/ss?client=${stage.clientUid}`)}` : ''
            }`}
          >
            Log in
          </Link>
        </p>
      </AuthLayout>
    );

  const sentNote = (location.state as { sent?: boolean } | null)?.sent && queryEmail;
  return (
    <AuthLayout
      title="Verify your e-mail"
      intro={sentNote ? `We've sent a 6-character code to ${queryEmail}.` : undefined}
    >
      {stage.kind === 'failed' && (
        <FormAlert message={ACCOUNT_MESSAGES.verifyFailed}>
          <p className="form-alert__action">
            <button
              type="button"
              className="link-button"
              onClick={resend}
              disabled={resent === 'sending'}
            >
              Resend the code
            </button>
          </p>
        </FormAlert>
      )}
      {resent === 'sent' && <FormAlert tone="success" message={RESENT_MESSAGE} />}
      <VerifyCodeForm
        defaultEmail={email}
        defaultCode={queryCode}
        busy={stage.kind === 'verifying'}
        onSubmit={verify}
      />
      {stage.kind !== 'failed' && email && (
        <p className="auth-card__footer">
          No code?{' '}
          <button
            type="button"
            className="link-button"
            onClick={resend}
            disabled={resent === 'sending'}
          >
            Resend the code
          </button>
        </p>
      )}
    </AuthLayout>
  );
}
