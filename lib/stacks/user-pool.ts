import { Duration, SecretValue, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { COGNITO_TOKEN_GATE } from '#shared/workers';
import type { StageConfig } from '../config/stage-config';
import { ApiFunction } from '../constructs/api-function.construct';

/** The accounts' Cognito resources, as the data stack hands them on (DataResources). */
export interface UserPoolResources {
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** Hosted-UI base URL (`https://<prefix>.auth.<region>.amazoncognito.com`) when Google is on. */
  readonly cognitoDomainUrl: string | null;
}

/**
 * The accounts' user pool in the data stack (`scope`, whose construct ids it keeps): the pool
 * with its token gate and staff/agent groups, Google federation and the hosted UI when the stage
 * names a Google client, and the web client the login route signs in with.
 */
export function userPoolResources(scope: Construct, config: StageConfig): UserPoolResources {
  // Users are created by the register route (AdminCreateUser, no Cognito
  // message): our own codes verify e-mail, so self sign-up and Cognito mails are off. The
  // password rule is the spec's (8 characters, 2 letters, 2 digits, 1 symbol), checked by the
  // shared zod schema; Cognito enforces the part it can express.
  const userPool = new cognito.UserPool(scope, 'UserPool', {
    signInAliases: { email: true },
    selfSignUpEnabled: false,
    accountRecovery: cognito.AccountRecovery.NONE,
    passwordPolicy: {
      minLength: 8,
      requireDigits: true,
      requireSymbols: true,
      requireLowercase: false,
      requireUppercase: false,
    },
    standardAttributes: {
      givenName: { required: false, mutable: true },
      familyName: { required: false, mutable: true },
    },
    // Authenticator apps (TOTP) only, per user: the login route makes staff and agents add
    // one (lambdas/accounts/core/mfa-sign-in.ts); once added, Cognito asks for its code at
    // every password sign-in.
    mfa: cognito.Mfa.OPTIONAL,
    mfaSecondFactor: { sms: false, otp: true },
    deletionProtection: config.isProd,
    removalPolicy: config.removalPolicy,
  });
  // No tokens for an unverified e-mail by any path (the login route, the public client straight
  // at Cognito, a refresh): the pre-token-generation trigger refuses them.
  userPool.addTrigger(
    cognito.UserPoolOperation.PRE_TOKEN_GENERATION,
    new ApiFunction(scope, `${COGNITO_TOKEN_GATE.id}Function`, {
      entry: COGNITO_TOKEN_GATE.handler,
      timeoutS: COGNITO_TOKEN_GATE.timeoutS,
      memoryMb: COGNITO_TOKEN_GATE.memoryMb,
      logRetention: config.logRetention,
      description: 'User pool: no tokens before the e-mail is verified',
    }),
  );
  // Staff-only and agent-only routes check these groups (layers/shared/auth/caller.ts).
  for (const [id, groupName, description] of [
    ['StaffGroup', 'staff', 'AnalyticOwl staff'],
    ['AgentGroup', 'agent', 'Call-centre agents'],
  ] as const) {
    new cognito.CfnUserPoolGroup(scope, id, {
      userPoolId: userPool.userPoolId,
      groupName,
      description,
    });
  }

  // Google sign-in through Cognito federation, when the stage names the Google OAuth client
  // (context googleClientId + googleClientSecretName, a Secrets Manager secret).
  const google = config.google
    ? new cognito.UserPoolIdentityProviderGoogle(scope, 'Google', {
        userPool,
        clientId: config.google.clientId,
        clientSecretValue: SecretValue.secretsManager(config.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: cognito.ProviderAttribute.GOOGLE_EMAIL,
          givenName: cognito.ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: cognito.ProviderAttribute.GOOGLE_FAMILY_NAME,
          // Google's own flag: the token gate refuses a Google address Google has not verified.
          custom: { email_verified: cognito.ProviderAttribute.other('email_verified') },
        },
      })
    : undefined;
  const domain = google
    ? userPool.addDomain('HostedUi', {
        cognitoDomain: { domainPrefix: `analyticowl-${config.stage}-${Stack.of(scope).account}` },
      })
    : undefined;
  const userPoolClient = userPool.addClient('WebClient', {
    // The login route signs in server-side (rate limits live there); no SRP from browsers.
    authFlows: { userPassword: true },
    generateSecret: false,
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    // The browser may rename the user, never change the e-mail: that would unverify it
    // behind our back (addresses change only through the account routes).
    writeAttributes: new cognito.ClientAttributes().withStandardAttributes({
      givenName: true,
      familyName: true,
    }),
    idTokenValidity: Duration.hours(1),
    accessTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
    supportedIdentityProviders: google
      ? [
          cognito.UserPoolClientIdentityProvider.COGNITO,
          cognito.UserPoolClientIdentityProvider.GOOGLE,
        ]
      : [cognito.UserPoolClientIdentityProvider.COGNITO],
    oAuth: google
      ? {
          flows: { authorizationCodeGrant: true },
          scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
          callbackUrls: config.appOrigin ? [`${config.appOrigin}/login`] : [],
        }
      : undefined,
  });
  if (google) userPoolClient.node.addDependency(google);

  return {
    userPool,
    userPoolClient,
    cognitoDomainUrl: domain ? domain.baseUrl() : null,
  };
}
