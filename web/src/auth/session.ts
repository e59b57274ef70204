import { Amplify } from 'aws-amplify';
import { decodeJWT, fetchAuthSession, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage, sessionStorage } from 'aws-amplify/utils';
import type { AuthConfig, AuthTokens } from '#shared/contracts/account-results.schema';
import { callRoute } from '../api/client';

/**
 * The browser's sign-in state: the server's login routes return Cognito
 * tokens; Amplify v6 keeps them (localStorage when "Stay logged in", else sessionStorage) and
 * refreshes them; the API client sends the ID token as a bearer token. Nothing here puts a
 * token in a URL or a cookie.
 */

/** localStorage key remembering the "Stay logged in" choice ('1' or '0'). */
export const STAY_KEY = 'ao.stay';

let configured: Promise<AuthConfig | null> | null = null;

/** True when the user chose "Stay logged in" on this browser (default true). */
function staysLoggedIn(): boolean {
  try {
    return globalThis.localStorage?.getItem(STAY_KEY) !== '0';
  } catch {
    return true;
  }
}

/** Points Amplify's token store at localStorage (stay) or sessionStorage (this tab only). */
function selectTokenStorage(stay: boolean): void {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(stay ? defaultStorage : sessionStorage);
}

/**
 * Fetches GET auth_config once per page load and configures Amplify with the user pool
 * (userPoolEndpoint is the same-origin `/_cognito` proxy locally). Amplify.configure resets the
 * token storage to localStorage, so the remembered choice is applied AFTER it.
 * @returns the config, or null when it could not be loaded (retried on the next call).
 */
export function configureAuth(): Promise<AuthConfig | null> {
  if (!configured) {
    configured = callRoute<AuthConfig>('auth_config')
      .then((config) => {
        const endpoint = config.user_pool_endpoint;
        Amplify.configure({
          Auth: {
            Cognito: {
              userPoolId: config.user_pool_id,
              userPoolClientId: config.user_pool_client_id,
              ...(endpoint
                ? { userPoolEndpoint: new URL(endpoint, window.location.origin).toString() }
                : {}),
            },
          },
        });
        selectTokenStorage(staysLoggedIn());
        return config;
      })
      .catch(() => {
        configured = null;
        return null;
      });
  }
  return configured;
}

/**
 * The current ID token (refreshed by Amplify when it has expired), or null when signed out or
 * when auth could not be configured. Never throws.
 */
export async function currentIdToken(): Promise<string | null> {
  if (!(await configureAuth())) return null;
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** True when Amplify holds a usable session (used by the /ss guard). */
export async function hasSession(): Promise<boolean> {
  return (await currentIdToken()) !== null;
}

/**
 * Stores the tokens a login route returned, in localStorage (`stay`) or sessionStorage, and
 * remembers the choice under STAY_KEY. The Cognito username is the token's
 * `cognito:username`, else the lower-case e-mail.
 * @throws Error when auth_config could not be loaded (Amplify is not configured).
 */
export async function storeLoginTokens(
  tokens: AuthTokens,
  email: string,
  stay: boolean,
): Promise<void> {
  if (!(await configureAuth())) throw new Error('auth not configured');
  // Clear any older session from the storage we are leaving.
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens().catch(() => undefined);
  localStorage.setItem(STAY_KEY, stay ? '1' : '0');
  selectTokenStorage(stay);
  const idToken = decodeJWT(tokens.id_token);
  const username = idToken.payload['cognito:username'];
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokens({
    tokens: {
      accessToken: decodeJWT(tokens.access_token),
      idToken,
      refreshToken: tokens.refresh_token,
      clockDrift: 0,
      username: typeof username === 'string' ? username : email.toLowerCase(),
    },
  });
}

/** Signs out of Amplify (clears the stored tokens). Never throws. */
export async function logOut(): Promise<void> {
  try {
    if (await configureAuth()) await signOut();
  } catch {
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens().catch(() => undefined);
  }
}

/** Forgets the cached auth config (tests). */
export function resetAuthConfig(): void {
  configured = null;
}
