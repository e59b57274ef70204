import { useEffect, useRef, useState } from 'react';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { GOOGLE_STATE_REFUSED, takeGoogleReturn } from './google-sign-in';
import { useCompleteLogin } from './login-result';

/** What the URL of /login asks for: a Google code, a white-label login token, or nothing. */
export interface UrlLoginParams {
  /** `?code=` from the hosted UI after Google sign-in. */
  code: string | null;
  /** `?state=` that came back with the code; must match the one this tab started with. */
  state: string | null;
  /** `?login_token=` from a white-label redirect (single use). */
  loginToken: string | null;
  /** `?next=` where to go afterwards. */
  next: string | null;
}

/** State of a login carried by the URL. */
export interface UrlLoginState {
  /** True while the code or token is being exchanged. */
  busy: boolean;
  /** The failure message, if the exchange failed. */
  error: string | null;
}

/**
 * Completes a login the URL carries, once per page load (both secrets are single use, so the
 * StrictMode double effect must not send them twice): `code` -> POST google_login {code,
 * code_verifier} only when `state` matches the pending Google sign-in of this tab (otherwise
 * GOOGLE_STATE_REFUSED and nothing is sent), then the `next` kept at the start;
 * `login_token` -> POST exchange_login_token. Then stores the tokens and navigates like a
 * password login.
 */
export function useUrlLogin({
  code,
  state: returnedState,
  loginToken,
  next,
}: UrlLoginParams): UrlLoginState {
  const completeLogin = useCompleteLogin();
  const started = useRef(false);
  const [state, setState] = useState<UrlLoginState>({
    busy: Boolean(code || loginToken),
    error: null,
  });

  useEffect(() => {
    if (started.current || (!code && !loginToken)) return;
    started.current = true;
    const google = code ? takeGoogleReturn(returnedState) : null;
    if (code && !google) {
      setState({ busy: false, error: GOOGLE_STATE_REFUSED });
      return;
    }
    const call = google
      ? callRoute<LoginResult>('google_login', { code, code_verifier: google.codeVerifier })
      : callRoute<LoginResult>('exchange_login_token', { login_token: loginToken });
    const after = google ? google.next : next;
    call
      .then((result) => completeLogin(result, { email: '', stay: false, next: after }))
      .then(() => setState({ busy: false, error: null }))
      .catch((error: unknown) => setState({ busy: false, error: errorMessage(error) }));
  }, [code, returnedState, loginToken, next, completeLogin]);

  return state;
}
