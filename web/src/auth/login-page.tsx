import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { AuthLayout } from './auth-layout';
import { FormAlert } from './form-controls';
import { GoogleButton } from './google-button';
import { LoginBox } from './login-box';
import { ResetPanel } from './reset-panel';
import { configureAuth } from './session';
import { useUrlLogin } from './use-url-login';

/**
 * /login (spec §2 "login: email login plus Google sign-in button"; §4 "Login", "Google
 * login"): the LoginBox, the Google button, the password-reset sub-panel and a link to create
 * an account. Query: `next` (where to go after), `email` (pre-fill), `code` (Google's
 * redirect, with its `state`), `login_token` (white-label redirect), `unlock` (the mailed
 * link of a locked account: the right password then signs in past the lock).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const unlock = params.get('unlock');
  const [resetEmail, setResetEmail] = useState<string | null>(null);
  const [mfaStep, setMfaStep] = useState(false);
  const config = useSWR('auth_config', configureAuth, { revalidateOnFocus: false });
  const urlLogin = useUrlLogin({
    code: params.get('code'),
    state: params.get('state'),
    loginToken: params.get('login_token'),
    next,
  });

  if (urlLogin.busy)
    return (
      <AuthLayout title="Logging you in…">
        <p className="auth-card__intro" role="status">
          One moment while we finish signing you in.
        </p>
      </AuthLayout>
    );

  if (resetEmail !== null)
    return (
      <AuthLayout title="Reset your password">
        <ResetPanel defaultEmail={resetEmail} onBack={() => setResetEmail(null)} />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={unlock ? 'Unlock your account' : 'Log in'}
      intro={
        unlock
          ? 'Your account was locked after too many failed sign-ins. Log in with your password to unlock your account.'
          : 'Welcome back. Log in to see your ad-response reports.'
      }
    >
      <FormAlert message={urlLogin.error} />
      <LoginBox
        next={next}
        defaultEmail={params.get('email') ?? ''}
        onForgotPassword={(email) => setResetEmail(email)}
        onMfaStep={setMfaStep}
        unlockToken={unlock}
      />
      {/* The authenticator step finishes a password sign-in: nothing else to choose then. */}
      {!mfaStep && (
        <>
          <div className="auth-divider" role="presentation">
            <span>or</span>
          </div>
          <GoogleButton config={config.data} loading={config.isLoading} next={next} />
          <p className="auth-card__footer">
            New to AnalyticOwl? <Link to="/register">Create an account</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
