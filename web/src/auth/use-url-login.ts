import { useEffect, useRef, useState } from 'react';
import type { LoginResult } from '../../../layers/shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { useCompleteLogin } from './login-result';

/** What the URL of /login asks for: a Google code, a white-label login token, or nothing. */
export interface UrlLoginParams {
  /** `?code=` from the hosted UI after Google sign-in. */
  code: string | null;
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
 * redirect_uri: origin + '/login'}; `login_token` -> POST exchange_login_token. Then stores the
 * tokens and navigates like a password login.
 */
export function useUrlLogin({ code, loginToken, next }: UrlLoginParams): UrlLoginState {
  const completeLogin = useCompleteLogin();
  const started = useRef(false);
  const [state, setState] = useState<UrlLoginState>({
    busy: Boolean(code || loginToken),
    error: null,
  });

  useEffect(() => {
    if (started.current || (!code && !loginToken)) return;
    started.current = true;
    const call = code
      ? callRoute<LoginResult>('google_login', {
          code,
          redirect_uri: `${window.location.origin}/login`,
        })
      : callRoute<LoginResult>('exchange_login_token', { login_token: loginToken });
    call
      .then((result) => completeLogin(result, { email: '', stay: false, next }))
      .then(() => setState({ busy: false, error: null }))
      .catch((error: unknown) => setState({ busy: false, error: errorMessage(error) }));
  }, [code, loginToken, next, completeLogin]);

  return state;
}
