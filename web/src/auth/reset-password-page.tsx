import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import { AuthLayout } from './auth-layout';
import { FormAlert } from './form-controls';
import { SetPasswordForm } from './set-password-form';

/**
 * /reset-password?xrg=<token> (spec §2 "reset-password: query xrg carries the reset token"; §7
 * "reset password (token, new_password, confirm_password; success updates session and goes to
 * /ss)"). Without xrg it explains and links to /login to request a new link. The token is kept
 * in memory and removed from the address bar at once, so it stays out of the history.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('xrg'));
  useEffect(() => {
    if (window.location.search.includes('xrg='))
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  if (!token)
    return (
      <AuthLayout title="Choose a new password">
        <FormAlert message={ACCOUNT_MESSAGES.resetToken} />
        <p className="auth-card__footer">
          <Link to="/login">Go to log in</Link> and choose "Forgot password?" to get a new link.
        </p>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Choose a new password"
      intro="Pick a new password for your account. You'll be logged in straight away."
    >
      <SetPasswordForm mode="reset" token={token} />
      <p className="auth-card__footer">
        Remembered it? <Link to="/login">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}
