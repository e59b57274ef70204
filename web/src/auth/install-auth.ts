import { setAuth } from '../api/client';
import { loginPathFor } from './login-path';

/**
 * The session module (Amplify, Cognito) loads on first use, so public pages that never call a
 * private route do not download it.
 */
const session = () => import('./session');

/**
 * Screens a signed-out person may use; a 401 there is an answer to show, not a redirect. '/' is
 * the landing page with its Login box (spec §2 "Landing page").
 */
export const PUBLIC_AUTH_PATHS = [
  '/',
  '/login',
  '/register',
  '/verify-email',
  '/reset-password',
  '/get-started',
  '/plans',
  '/plans/subscribe',
];

/** Public routes whose 401 means "wrong credentials or token" (shown by the form). */
const CREDENTIAL_ROUTES = new Set([
  'rest_login',
  'mfa_setup',
  'mfa_challenge',
  'google_login',
  'exchange_login_token',
  'change_password',
  'verify_email',
  'finish_registration',
  'register',
  'reset_password',
  'send_verify_email',
]);

/** Routes that must be called without a token (they configure the token store itself). */
const TOKENLESS_ROUTES = new Set(['routes', 'auth_config']);

/**
 * Wires sign-in into the API client once at start-up: every call carries
 * `Authorization: Bearer <ID token>` (public routes too, harmless), and a 401 from a private
 * screen signs out and goes to /login?next=<current path> (not for the login routes' own 401s).
 * @param navigate the router's navigate (client-side, keeps the app loaded).
 */
export function installAuth(navigate: (to: string, options?: { replace?: boolean }) => void) {
  setAuth(
    (routeName) =>
      TOKENLESS_ROUTES.has(routeName)
        ? Promise.resolve(null)
        : session().then((s) => s.currentIdToken()),
    (_error, routeName) => {
      const { pathname, search } = window.location;
      if (CREDENTIAL_ROUTES.has(routeName) || PUBLIC_AUTH_PATHS.includes(pathname)) return;
      void session()
        .then((s) => s.logOut())
        .then(() => navigate(loginPathFor(`${pathname}${search}`), { replace: true }));
    },
  );
}
