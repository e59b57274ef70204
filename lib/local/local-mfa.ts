import {
  CognitoIdentityProviderClient,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LocalCognito } from './cognito';

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
