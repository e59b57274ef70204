import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetGroupCommand,
  InitiateAuthCommand,
  ResourceNotFoundException,
  RespondToAuthChallengeCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LocalCognito } from './cognito';
import { addLocalAuthenticator, localTotpCode } from './local-mfa';

/** A local account the stack creates on first start. */
export interface LocalLogin {
  email: string;
  password: string;
  /**
   * The base32 secret of the account's authenticator app, when a test gave it one
   * (local-mfa.ts addLocalAuthenticator): localIdToken answers the code step with it.
   */
  totpSecret?: string;
}

/**
 * The accounts of a local stack: the demo user people sign in as, the seeding operator, and a
 * call-centre agent.
 */
export interface LocalLogins {
  /** A normal user (advertiser) who sees the demo client; printed at start. */
  demo: LocalLogin;
  /**
   * Staff: seeds the demo client and the sample peers, which only staff may write. Has an
   * authenticator app (its secret in `totpSecret`): staff powers need one on every route.
   * Never handed to the browser.
   */
  operator: LocalLogin;
  /** A call-centre agent (group `agent`) for /call-centre; printed at start. */
  agent: LocalLogin;
}

/** Who the demo user is. */
export const LOCAL_DEMO_EMAIL = 'demo@analyticowl.local';
const OPERATOR_EMAIL = 'operator@analyticowl.local';
/** Who the local call-centre agent is. */
export const LOCAL_AGENT_EMAIL = 'agent@analyticowl.local';

/** A password meeting the spec's rule (spec §9): random letters and digits plus symbols. */
function randomPassword(): string {
  return `${randomBytes(9).toString('base64url')}7a!9Q`;
}

/** An admin client of the local user pool at `endpoint` (cognito-local takes any key pair). */
export function localPoolClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

function client(cognito: LocalCognito) {
  return localPoolClient(cognito.endpoint);
}

/**
 * Creates the demo user, the operator and the agent in the local user pool on first start
 * (verified e-mail, permanent random password; the operator in group `staff`, the agent in
 * `agent`), and gives the operator an authenticator app, as the login page's setup step does
 * (without one a staff account is a plain customer on every route). The passwords and the
 * operator's authenticator secret are kept in `<dir>/local-logins.json` (the local machine's own
 * dev accounts; in AWS nothing like this exists); a file from before the agent or the
 * authenticator existed gets them added. The agent sets up its own on its first sign-in.
 * Idempotent.
 * @returns the logins and their Cognito `sub`s.
 * @throws Error when the operator has an authenticator the file has no secret of.
 */
export async function ensureLocalLogins(
  cognito: LocalCognito,
  dir: string,
): Promise<LocalLogins & { subs: { demo: string; operator: string; agent: string } }> {
  const file = join(dir, 'local-logins.json');
  const saved = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalLogins>)
    : {};
  const logins: LocalLogins = {
    demo: saved.demo ?? { email: LOCAL_DEMO_EMAIL, password: randomPassword() },
    operator: saved.operator ?? { email: OPERATOR_EMAIL, password: randomPassword() },
    agent: saved.agent ?? { email: LOCAL_AGENT_EMAIL, password: randomPassword() },
  };
  writeFileSync(file, `${JSON.stringify(logins, null, 2)}\n`, { mode: 0o600 });
  const cl = client(cognito);
  try {
    const pool = cognito.userPoolId;
    const demo = await ensureUser(cl, pool, logins.demo, 'Demo', 'User', []);
    const operator = await ensureUser(cl, pool, logins.operator, 'Local', 'Operator', ['staff']);
    // A pool made before the call centre has no `agent` group yet.
    await ensureGroup(cl, pool, 'agent');
    const agent = await ensureUser(cl, pool, logins.agent, 'Local', 'Agent', ['agent']);
    if (!logins.operator.totpSecret) {
      logins.operator = await addLocalAuthenticator(cognito, logins.operator);
      writeFileSync(file, `${JSON.stringify(logins, null, 2)}\n`, { mode: 0o600 });
    }
    return { ...logins, subs: { demo, operator, agent } };
  } finally {
    cl.destroy();
  }
}

/** Creates the group when the pool lacks it. */
async function ensureGroup(cl: CognitoIdentityProviderClient, poolId: string, group: string) {
  try {
    await cl.send(new GetGroupCommand({ UserPoolId: poolId, GroupName: group }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await cl.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: group }));
  }
}

async function ensureUser(
  cl: CognitoIdentityProviderClient,
  poolId: string,
  login: LocalLogin,
  given: string,
  family: string,
  groups: string[],
): Promise<string> {
  const sub = (attrs: { Name?: string; Value?: string }[] | undefined) =>
    attrs?.find((a) => a.Name === 'sub')?.Value ?? '';
  try {
    const found = await cl.send(
      new AdminGetUserCommand({ UserPoolId: poolId, Username: login.email }),
    );
    return sub(found.UserAttributes);
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  return createPoolUser(cl, poolId, login, { given, family }, groups);
}

/**
 * Creates an account in the local user pool as a finished sign-up leaves it: a verified e-mail,
 * a permanent password, its given and family names (when named), and membership of `groups`.
 * @returns its `sub` ('' when the pool gave none).
 */
export async function createPoolUser(
  cl: Pick<CognitoIdentityProviderClient, 'send'>,
  poolId: string,
  login: { email: string; password: string },
  names?: { given: string; family: string },
  groups: readonly string[] = [],
): Promise<string> {
  const created = await cl.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: login.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: login.email },
        { Name: 'email_verified', Value: 'true' },
        ...(names
          ? [
              { Name: 'given_name', Value: names.given },
              { Name: 'family_name', Value: names.family },
            ]
          : []),
      ],
    }),
  );
  await cl.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: login.email,
      Password: login.password,
      Permanent: true,
    }),
  );
  for (const GroupName of groups)
    await cl.send(
      new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: login.email, GroupName }),
    );
  return created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
}

/**
 * Signs a local account in (USER_PASSWORD_AUTH) and returns its ID token: what the browser
 * sends as `Authorization: Bearer`. An account with an authenticator app has its code step
 * answered from `login.totpSecret` (RespondToAuthChallenge SOFTWARE_TOKEN_MFA).
 * @throws Error when the credentials are refused, or the account asks for a code and the login
 *   has no secret.
 */
export async function localIdToken(cognito: LocalCognito, login: LocalLogin): Promise<string> {
  const cl = client(cognito);
  try {
    let out: {
      AuthenticationResult?: { IdToken?: string };
      ChallengeName?: string;
      Session?: string;
    } = await cl.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: login.email, PASSWORD: login.password },
      }),
    );
    if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && login.totpSecret)
      out = await cl.send(
        new RespondToAuthChallengeCommand({
          ClientId: cognito.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: out.Session,
          ChallengeResponses: {
            USERNAME: login.email,
            SOFTWARE_TOKEN_MFA_CODE: localTotpCode(login.totpSecret),
          },
        }),
      );
    const token = out.AuthenticationResult?.IdToken;
    if (!token) throw new Error(`no token for ${login.email}`);
    return token;
  } finally {
    cl.destroy();
  }
}
