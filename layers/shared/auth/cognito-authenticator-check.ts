import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { requiredEnv } from '../env';
import { lazy } from '../lazy';
import { ENV } from '../workers';
import {
  type AuthenticatorCheck,
  cachedAuthenticatorCheck,
  NO_AUTHENTICATORS,
} from './authenticator-check';

/**
 * AuthenticatorCheck on the user pool: AdminGetUser by `sub` (a user pool with e-mail sign-in
 * takes the `sub` as user name), reading UserMFASettingList / PreferredMfaSetting. Needs
 * `cognito-idp:AdminGetUser` on the pool (access `identity:read`, which the route registry gives
 * every agent and staff route). Locally cognito-local answers the same call.
 */
export class CognitoAuthenticatorCheck implements AuthenticatorCheck {
  constructor(
    private readonly cognito: Pick<CognitoIdentityProviderClient, 'send'>,
    private readonly userPoolId: string,
  ) {}

  /** @throws the SDK's error for anything but an unknown user (the route then answers 500). */
  async hasAuthenticator(userId: string): Promise<boolean> {
    try {
      const user = await this.cognito.send(
        new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: userId }),
      );
      return (
        (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') ||
        user.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA'
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'UserNotFoundException') return false;
      throw error;
    }
  }
}

const shared = lazy(() =>
  cachedAuthenticatorCheck(
    new CognitoAuthenticatorCheck(
      new CognitoIdentityProviderClient({
        endpoint: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER || undefined,
      }),
      requiredEnv(process.env, ENV.userPoolId),
    ),
  ),
);

/**
 * The container's check (built on first use): CognitoAuthenticatorCheck on USER_POOL_ID
 * (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at cognito-local), yes answers cached.
 * What the agent and staff handlers pass to agentRoute / staffRoute.
 * @throws Error naming USER_POOL_ID, at the first check, when it is missing.
 */
export function poolAuthenticators(): AuthenticatorCheck {
  return shared;
}

/**
 * The check every route uses unless its handler passes another (route-handler.ts): the
 * container's {@link poolAuthenticators} when USER_POOL_ID is set, else NO_AUTHENTICATORS, so a
 * Lambda without the setting demotes staff and agents instead of promoting them or failing.
 */
export function routeAuthenticators(env: NodeJS.ProcessEnv = process.env): AuthenticatorCheck {
  return env[ENV.userPoolId] ? poolAuthenticators() : NO_AUTHENTICATORS;
}
