import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AuthConfig } from '#shared/contracts/account-results.schema';
import { callApi } from '../../../lib/local/route-calls';

/**
 * The user pool as anyone on the internet reaches it: the public app client id from auth_config
 * and the pool's endpoint (the same-origin proxy locally, as the browser uses it), bypassing
 * our routes: a password sign-in, a refresh, and `close` to release the client.
 */
export async function publicPool(url: string) {
  const config = await callApi<AuthConfig>(url, 'auth_config');
  const client = new CognitoIdentityProviderClient({
    endpoint: new URL(config.user_pool_endpoint ?? '', url).toString(),
    region: 'local',
    credentials: { accessKeyId: 'anonymous', secretAccessKey: 'anonymous' },
  });
  const signIn = (email: string, password: string) =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.user_pool_client_id,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  const refresh = (refreshToken: string | undefined) =>
    client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: config.user_pool_client_id,
        RefreshToken: refreshToken,
      }),
    );
  return { signIn, refresh, close: () => client.destroy() };
}
