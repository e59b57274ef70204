import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TOKEN_VAULT_ENV } from '#shared/connections/token-vault';
import { GOOGLE_ENV } from '../../lambdas/connections/adapters/google-config';
import { type StageConfig, stageConfig } from '../config/stage-config';
import type { ApiFunction } from '../constructs/api-function.construct';

/**
 * Name of a stage's Google secret, created outside CDK: JSON `{ client_secret,
 * service_account_key }` (the OAuth client's secret and the service account's PEM key), e.g.
 * `analyticowl/prod/google`. Referenced by name; never in a template.
 */
export const googleSecretName = (stage: string) => `analyticowl/${stage}/google`;

/** The stage's Google secret, referenced once per stack. */
export function googleSecret(scope: Construct): ISecret {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('GoogleSecret') as ISecret | undefined;
  const name = googleSecretName(stageConfig(stack).stage);
  return existing ?? Secret.fromSecretNameV2(stack, 'GoogleSecret', name);
}

/**
 * The KMS key that seals stored Google refresh tokens (layers/shared/connections/token-vault.ts:
 * Encrypt/Decrypt with the connection as encryption context). Rotated yearly; kept like the
 * tables it protects (prod retains it, with a 30-day deletion window).
 */
export function tokenKey(scope: Construct, config: StageConfig): kms.Key {
  return new kms.Key(scope, 'GoogleTokenKey', {
    description: 'Seals stored Google Analytics refresh tokens',
    enableKeyRotation: true,
    removalPolicy: config.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    pendingWindow: Duration.days(config.isProd ? 30 : 7),
  });
}

/**
 * Lets a function talk to Google Analytics as the product: the Google environment
 * (google-config.ts: OAuth client id from context `googleClientId`, the service account from
 * `googleServiceAccountEmail`, the site origin for links; the API addresses stay Google's
 * defaults), read access to the Google secret, and the token key: `decrypt` to open stored
 * grants (the pull), `encrypt-decrypt` to seal new ones too (the connection routes).
 */
export function bindGoogle(
  fn: ApiFunction,
  key: kms.IKey,
  config: StageConfig,
  use: 'decrypt' | 'encrypt-decrypt',
): void {
  const secret = googleSecret(fn);
  secret.grantRead(fn);
  fn.addEnvironment(GOOGLE_ENV.secretArn, secret.secretArn);
  const context = (name: string) => String(fn.node.tryGetContext(name) ?? '');
  fn.addEnvironment(GOOGLE_ENV.oauthClientId, context('googleClientId'));
  fn.addEnvironment(GOOGLE_ENV.serviceAccountEmail, context('googleServiceAccountEmail'));
  fn.addEnvironment(GOOGLE_ENV.connectSiteUrl, config.appOrigin || 'https://localhost');
  if (use === 'decrypt') key.grantDecrypt(fn);
  else key.grantEncryptDecrypt(fn);
  fn.addEnvironment(TOKEN_VAULT_ENV.kmsKeyId, key.keyArn);
}
