import type { AuthConfig } from '#shared/contracts/account-results.schema';

/** The identity settings of a deployment (from the environment at the composition root). */
export interface IdentitySettings {
  userPoolId: string;
  clientId: string;
  region: string;
  /** Local only: the same-origin path of the cognito-local proxy; '' in AWS. */
  publicEndpoint: string;
  /** Hosted-UI domain URL (e.g. `https://auth.example.com`); '' when Google is not set up. */
  cognitoDomain: string;
  /** The web app's origin; Google sign-in returns to `<origin>/login`. */
  appOrigin: string;
}

/**
 * GET auth_config: what the browser's sign-in code needs, no secrets (the web app signs in
 * with aws-amplify Auth). `google.authorize_url` opens Cognito's hosted UI straight at Google
 * (spec §4 "Google login"); null when no hosted-UI domain is configured.
 */
export function authConfig(s: IdentitySettings): AuthConfig {
  const domain = s.cognitoDomain.replace(/\/+$/, '');
  const query = [
    'identity_provider=Google',
    'response_type=code',
    `client_id=${encodeURIComponent(s.clientId)}`,
    'scope=openid+email+profile',
    `redirect_uri=${encodeURIComponent(`${s.appOrigin.replace(/\/+$/, '')}/login`)}`,
  ].join('&');
  return {
    user_pool_id: s.userPoolId,
    user_pool_client_id: s.clientId,
    ...(s.publicEndpoint ? { user_pool_endpoint: s.publicEndpoint } : {}),
    region: s.region,
    google: domain ? { authorize_url: `${domain}/oauth2/authorize?${query}` } : null,
  };
}
