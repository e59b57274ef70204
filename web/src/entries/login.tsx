import { LoginPage } from '../auth/login-page';
import { RegisterPage } from '../auth/register-page';
import { ResetPasswordPage } from '../auth/reset-password-page';
import { VerifyEmailPage } from '../auth/verify-email-page';
import { mountApp } from './mount';

/**
 * The login app's entry (web/login.html; spec §2 "login app"): log in, register, verify the
 * e-mail, reset the password. Signing in hands over to the report app with a page load.
 */
mountApp('login', [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
]);
