import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
import type { LocalCognito } from './cognito';
import type { LocalLogin } from './local-logins';

/**
 * Turns the local user pool's MFA to "optional, authenticator app (TOTP)", as the CDK user pool
 * is (lib/stacks/data.stack.ts), on every start, so data folders made before MFA existed get it
 * too. cognito-local then stops the password sign-in of a user with a confirmed authenticator at
 * SOFTWARE_TOKEN_MFA and checks real RFC 6238 codes; it keeps each secret in the pool's file
 * under `<LOCAL_DIR>/cognito/db/` and logs nothing (its logger is silenced). Idempotent.
 */
export async function ensureLocalPoolMfa(cognito: LocalCognito): Promise<void> {
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: cognito.userPoolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** The code an authenticator app shows now for `secret` (base32; RFC 6238, 6 digits, 30 s). */
export function localTotpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate();
}

/**
 * Gives a local staff or agent account an authenticator app, as the login page's setup step
 * does (password sign-in, AssociateSoftwareToken, VerifySoftwareToken with the current code,
 * SetUserMFAPreference), so tests and tools can call the staff and agent routes as it: those
 * refuse an account without one (403 `mfa_required`).
 * @returns the login with its secret, which localIdToken answers Cognito's code step with.
 * @throws Error when the password is refused or the account already has an authenticator.
 */
export async function addLocalAuthenticator(
  cognito: Pick<LocalCognito, 'endpoint' | 'clientId'>,
  login: LocalLogin,
): Promise<LocalLogin & { totpSecret: string }> {
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const signIn = await client.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: login.email, PASSWORD: login.password },
      }),
    );
    const AccessToken = signIn.AuthenticationResult?.AccessToken;
    if (!AccessToken) throw new Error(`${login.email} has an authenticator already`);
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    if (!SecretCode) throw new Error('AssociateSoftwareToken returned no secret');
    await client.send(
      new VerifySoftwareTokenCommand({ AccessToken, UserCode: localTotpCode(SecretCode) }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { ...login, totpSecret: SecretCode };
  } finally {
    client.destroy();
  }
}
