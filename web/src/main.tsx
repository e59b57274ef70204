import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { AccountPage } from './account/account-page';
import { installAuth } from './auth/install-auth';
import { LoginPage } from './auth/login-page';
import { RegisterPage } from './auth/register-page';
import { RequireSession } from './auth/require-session';
import { ResetPasswordPage } from './auth/reset-password-page';
import { VerifyEmailPage } from './auth/verify-email-page';
import { NotFound } from './not-found';
import { ReportWorkspace } from './report/report-workspace';
import './styles.css';

/**
 * Routes: `/` redirects to /ss until the public site exists; `/app` is the spec's other name for
 * the post-login area; the public account screens (spec §2 login, reset-password, verify-email;
 * customer-login and portals redirect to /login); /ss and /ss/account need a session; anything
 * else is the not-found page (spec §2).
 */
const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/ss" replace /> },
  { path: '/app', element: <Navigate to="/ss" replace /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/customer-login', element: <Navigate to="/login" replace /> },
  { path: '/portals', element: <Navigate to="/login" replace /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    path: '/ss',
    element: (
      <RequireSession>
        <ReportWorkspace />
      </RequireSession>
    ),
  },
  {
    path: '/ss/account',
    element: (
      <RequireSession>
        <AccountPage />
      </RequireSession>
    ),
  },
  { path: '*', element: <NotFound /> },
]);

installAuth((to, options) => void router.navigate(to, options));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
