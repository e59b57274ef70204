import { Navigate, type RouteObject } from 'react-router-dom';
import { SiteLayout } from './site/site-layout';

/**
 * The signed-in and sign-in applications as lazily loaded routes (spec §2 "Five mount points
 * choose the application"; issue #5 "separate entry bundles: the home page does not download the
 * report app"). Each loader is its own chunk: the login app (login, register, verify-email,
 * reset-password) and the report app (/ss, /ss/account, with Amplify and the charts).
 */
export const APP_ROUTES: RouteObject[] = [
  { path: '/app', element: <Navigate to="/ss" replace /> },
  {
    path: '/login',
    lazy: () => import('./auth/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: '/register',
    lazy: () => import('./auth/register-page').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    // The simple signup (issue #6) sits in the public site's frame, like the /plans/subscribe wizard it
    // hands over to.
    path: '/get-started',
    element: <SiteLayout />,
    children: [
      {
        index: true,
        lazy: () => import('./signup/signup-page').then((m) => ({ Component: m.SignupPage })),
      },
    ],
  },
  {
    path: '/verify-email',
    lazy: () => import('./auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
  },
  {
    path: '/reset-password',
    lazy: () =>
      import('./auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: '/ss',
    lazy: () => import('./report/report-route').then((m) => ({ Component: m.ReportRoute })),
  },
  {
    path: '/ss/account',
    lazy: () => import('./report/report-route').then((m) => ({ Component: m.AccountRoute })),
  },
];
