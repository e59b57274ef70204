import {
  AssociateSoftwareTokenCommand,
  type CognitoIdentityProviderClient,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import type { AuthTokens } from '#shared/contracts/account-results.schema';
import type { ChallengeAnswer, MfaAuthenticator, MfaPending } from '../core/mfa-ports';

/** The name every authenticator gets in Cognito (one per user). */
const DEVICE_NAME = 'Authenticator app';

/**
 * MfaAuthenticator on Cognito's user API (AWS; locally cognito-local, which implements the same
 * calls and checks real RFC 6238 codes, keeping each secret in its data folder). The calls are
 * authorised by the user's access token or the challenge session, so the Lambda needs no IAM
 * grant for them. SDK errors are told apart by `name`, as in CognitoIdentity.
 */
export class CognitoMfa implements MfaAuthenticator {
  constructor(
    private readonly cognito: Pick<CognitoIdentityProviderClient, 'send'>,
    /** The public app client the sign-in ran on. */
    private readonly clientId: string,
  ) {}

  /**
   * `cognito:groups` of an ID token the pool issued to this Lambda a moment ago (over TLS, from
   * InitiateAuth), so its payload is read without verifying the signature again.
   */
  groupsOf(tokens: AuthTokens): string[] {
    const groups = decomposeUnverifiedJwt(tokens.id_token).payload['cognito:groups'];
    return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
  }

  async associate(accessToken: string): Promise<string> {
    const out = await this.cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    if (!out.SecretCode) throw new Error('AssociateSoftwareToken returned no secret');
    return out.SecretCode;
  }

  async confirmSetup(accessToken: string, code: string): Promise<boolean> {
    try {
      const out = await this.cognito.send(
        new VerifySoftwareTokenCommand({
          AccessToken: accessToken,
          UserCode: code,
          FriendlyDeviceName: DEVICE_NAME,
        }),
      );
      if (out.Status !== 'SUCCESS') return false;
    } catch (error) {
      if (named(error, 'CodeMismatchException', 'EnableSoftwareTokenMFAException')) return false;
      throw error;
    }
    await this.cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return true;
  }

  async answerChallenge(pending: MfaPending, code: string): Promise<ChallengeAnswer> {
    try {
      const out = await this.cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: this.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: pending.mfaSession,
          ChallengeResponses: { USERNAME: pending.username, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
      const r = out.AuthenticationResult;
      if (!r?.IdToken || !r.AccessToken)
        return out.Session ? { kind: 'wrong', mfaSession: out.Session } : { kind: 'expired' };
      return {
        kind: 'tokens',
        tokens: {
          id_token: r.IdToken,
          access_token: r.AccessToken,
          ...(r.RefreshToken ? { refresh_token: r.RefreshToken } : {}),
          expires_in: r.ExpiresIn ?? 3600,
        },
      };
    } catch (error) {
      if (named(error, 'CodeMismatchException')) return { kind: 'wrong' };
      // Cognito answers an expired or used-up session with NotAuthorizedException.
      if (named(error, 'NotAuthorizedException', 'ExpiredCodeException'))
        return { kind: 'expired' };
      throw error;
    }
  }
}

function named(error: unknown, ...names: string[]): boolean {
  return error instanceof Error && names.includes(error.name);
}
