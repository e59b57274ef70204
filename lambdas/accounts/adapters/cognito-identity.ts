import {
  AdminCreateUserCommand,
  type AdminCreateUserCommandOutput,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  type AdminGetUserCommandOutput,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import type { AuthTokens } from '#shared/contracts/account-results.schema';
import { AppError, Conflict, NotFound, Unauthenticated, ValidationError } from '#shared/errors';
import type { MfaPending } from '../core/mfa-ports';
import type { IdentityProvider, IdentityUser } from '../core/ports';
import { EMAIL_NOT_VERIFIED } from '../core/token-gate';
import { IdTokenVerifier } from './id-token-verifier';

/** Settings of the user pool (env USER_POOL_ID, USER_POOL_CLIENT_ID, COGNITO_ISSUER, COGNITO_DOMAIN). */
export interface CognitoSettings {
  userPoolId: string;
  /** The public app client (no secret) that allows USER_PASSWORD_AUTH. */
  clientId: string;
  /** `https://cognito-idp.<region>.amazonaws.com/<pool>`; locally `http://127.0.0.1:<port>/<pool>`. */
  issuer: string;
  /** Hosted-UI domain URL for Google sign-in; '' when not configured. */
  domain: string;
}

/** 400 `google_not_configured`: the deployment has no hosted-UI domain. */
export const googleNotConfigured = () =>
  new AppError('Google sign-in is not set up on this server.', 'google_not_configured', 400);

/**
 * IdentityProvider on a Cognito user pool, through the SDK's admin API (AWS, and cognito-local
 * behind AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER). Usernames are lower-case e-mail
 * addresses. Passwords go straight to Cognito and are never logged. SDK errors are told apart by
 * `name`, which is what both the SDK's exception classes and cognito-local's replies carry.
 */
export class CognitoIdentity implements IdentityProvider {
  private readonly verifier: IdTokenVerifier;

  constructor(
    private readonly cognito: Pick<CognitoIdentityProviderClient, 'send'>,
    private readonly settings: CognitoSettings,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.verifier = new IdTokenVerifier(settings.issuer, settings.clientId, fetchFn);
  }

  async createUser(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  }) {
    const Username = input.email;
    let created: AdminCreateUserCommandOutput;
    try {
      created = await this.cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: this.settings.userPoolId,
          Username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: input.email },
            { Name: 'given_name', Value: input.firstName },
            { Name: 'family_name', Value: input.lastName },
            { Name: 'email_verified', Value: 'false' },
          ],
        }),
      );
    } catch (error) {
      if (named(error, 'UsernameExistsException', 'AliasExistsException'))
        throw new Conflict('E-mail already registered.');
      throw error;
    }
    try {
      await this.setPassword(Username, input.password);
    } catch (error) {
      // No half-made account: a user without a password could never sign in or register again.
      await this.cognito.send(
        new AdminDeleteUserCommand({ UserPoolId: this.settings.userPoolId, Username }),
      );
      throw error;
    }
    const sub = attribute(created.User?.Attributes, 'sub');
    if (sub) return sub;
    const found = await this.findUser(Username);
    if (!found) throw new NotFound('Account');
    return found.userId;
  }

  async findUser(email: string): Promise<IdentityUser | null> {
    let out: AdminGetUserCommandOutput;
    try {
      out = await this.cognito.send(
        new AdminGetUserCommand({ UserPoolId: this.settings.userPoolId, Username: email }),
      );
    } catch (error) {
      if (named(error, 'UserNotFoundException')) return null;
      throw error;
    }
    return {
      userId: attribute(out.UserAttributes, 'sub') ?? out.Username ?? email,
      emailVerified: attribute(out.UserAttributes, 'email_verified') === 'true',
      enabled: out.Enabled !== false,
    };
  }

  async setPassword(email: string, password: string) {
    try {
      await this.cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: this.settings.userPoolId,
          Username: email,
          Password: password,
          Permanent: true,
        }),
      );
    } catch (error) {
      if (named(error, 'UserNotFoundException')) throw new NotFound('Account');
      if (named(error, 'InvalidPasswordException'))
        throw new ValidationError(ACCOUNT_MESSAGES.passwordWeak, 'new_password');
      throw error;
    }
  }

  async markEmailVerified(email: string) {
    await this.cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: this.settings.userPoolId,
        Username: email,
        // The e-mail goes along: cognito-local refuses email_verified without it ("Email is
        // required to verify/un-verify an email"); Cognito accepts both forms.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }

  async passwordLogin(
    email: string,
    password: string,
  ): Promise<AuthTokens | MfaPending | 'unverified' | null> {
    let out: InitiateAuthCommandOutput;
    try {
      out = await this.cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: this.settings.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    } catch (error) {
      // The pre-token-generation trigger (core/token-gate.ts) refused: the password was right.
      if (
        named(error, 'UserLambdaValidationException') &&
        (error as Error).message.includes(EMAIL_NOT_VERIFIED)
      )
        return 'unverified';
      if (
        named(
          error,
          'NotAuthorizedException',
          // cognito-local answers a wrong password with this one.
          'InvalidPasswordException',
          'UserNotFoundException',
          'UserNotConfirmedException',
          'PasswordResetRequiredException',
        )
      )
        return null;
      throw error;
    }
    const r = out.AuthenticationResult;
    // The user has an authenticator: the sign-in goes on with its code (core/mfa-verify.ts).
    if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && out.Session)
      return {
        mfaSession: out.Session,
        username: out.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
      };
    // Another challenge (e.g. NEW_PASSWORD_REQUIRED for an admin-made temporary password) is not
    // a sign-in: the user resets the password instead.
    if (!r?.IdToken || !r.AccessToken) return null;
    return {
      id_token: r.IdToken,
      access_token: r.AccessToken,
      ...(r.RefreshToken ? { refresh_token: r.RefreshToken } : {}),
      expires_in: r.ExpiresIn ?? 3600,
    };
  }

  async signOutEverywhere(email: string) {
    try {
      await this.cognito.send(
        new AdminUserGlobalSignOutCommand({
          UserPoolId: this.settings.userPoolId,
          Username: email,
        }),
      );
    } catch (error) {
      if (!named(error, 'UserNotFoundException')) throw error;
    }
  }

  async exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<AuthTokens> {
    const domain = this.settings.domain.replace(/\/+$/, '');
    if (!domain) throw googleNotConfigured();
    const res = await this.fetchFn(`${domain}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: this.settings.clientId,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || typeof body.id_token !== 'string' || typeof body.access_token !== 'string')
      throw new Unauthenticated('Google sign-in failed. Please try again.');
    return {
      id_token: body.id_token,
      access_token: body.access_token,
      ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
      expires_in: typeof body.expires_in === 'number' ? body.expires_in : 3600,
    };
  }

  verifyIdToken(idToken: string) {
    return this.verifier.verify(idToken);
  }
}

function attribute(list: AttributeType[] | undefined, name: string): string | undefined {
  return list?.find((a) => a.Name === name)?.Value;
}

function named(error: unknown, ...names: string[]): boolean {
  return error instanceof Error && names.includes(error.name);
}
