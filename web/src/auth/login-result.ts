import { useCallback } from 'react';
import { safeNextPath } from '#shared/auth/safe-next';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { useAppNavigate } from '../entries/app-navigate';
import { storeLoginTokens } from './session';

/**
 * What to do after a login route answered (spec §7 rest_login "result may hold wl_user,
 * base_url, token or redirect_uri, causing redirect"): go to an in-app path, or leave the app
 * for a white-label login address that carries a single-use login token.
 */
export type LoginDestination = { kind: 'app'; path: string } | { kind: 'external'; href: string };

/**
 * Where a login result leads. A result with tokens stays in the app: the `next` query wins,
 * then the server's redirect_uri (normally /ss), then /ss, each through safeNextPath (same
 * origin only; layers/shared/auth/safe-next.ts). A white-label result (no tokens;
 * redirect_uri holding `login_token`) leaves for that address resolved against base_url.
 * @throws Error when the result has neither tokens nor a white-label redirect.
 */
export function loginDestination(result: LoginResult, next?: string | null): LoginDestination {
  if (result.token) {
    const origin = window.location.origin;
    return {
      kind: 'app',
      path: safeNextPath(next, origin, safeNextPath(result.redirect_uri, origin)),
    };
  }
  if (result.redirect_uri.includes('login_token')) {
    const href = new URL(result.redirect_uri, result.base_url ?? window.location.origin);
    if (href.protocol === 'https:' || href.protocol === 'http:')
      return { kind: 'external', href: href.toString() };
  }
  throw new Error('The login answer held no session.');
}

/** The inputs of completing a login. */
export interface CompleteLoginOptions {
  /** The address the user logged in with (the Amplify username when the token lacks one). */
  email: string;
  /** "Stay logged in": localStorage when true, sessionStorage when false. */
  stay: boolean;
  /** The `next` query of /login, if any. */
  next?: string | null;
}

/**
 * A function that finishes a login: stores the tokens (session.ts) and navigates, or leaves
 * the app for a white-label address (window.location.assign). Rejects when the tokens could
 * not be stored.
 */
export function useCompleteLogin() {
  const navigate = useAppNavigate();
  return useCallback(
    async (result: LoginResult, options: CompleteLoginOptions) => {
      const destination = loginDestination(result, options.next);
      if (destination.kind === 'external') {
        window.location.assign(destination.href);
        return;
      }
      if (result.token)
        await storeLoginTokens(result.token, options.email, result.stay_logged_in ?? options.stay);
      navigate(destination.path, { replace: true });
    },
    [navigate],
  );
}
