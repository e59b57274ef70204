import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { AuthConfig } from '#shared/contracts/account-results.schema';
import { createPoolUser, localPoolClient } from '../../../lib/local/local-logins';
import type { Login } from './auth-helpers';
import { E2E_LOCAL_DIR } from './e2e-env';

/** The code an authenticator app shows now for `secret` (base32; RFC 6238, 6 digits, 30 s). */
export function totpNow(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate();
}

/** A 6-digit code that is not the current one (nor its neighbours). */
export function wrongTotp(secret: string): string {
  return String((Number(totpNow(secret)) + 500_000) % 1_000_000).padStart(6, '0');
}

interface PoolFile {
  Users: Record<
    string,
    {
      Attributes?: { Name: string; Value: string }[];
      SoftwareTokenMfaConfiguration?: { Secret?: string };
    }
  >;
}

/**
 * The authenticator secret the local stand-in (cognito-local) keeps for `email`, read from its
 * data file: what the person scanned on an earlier run. Null when it has none.
 */
export function localTotpSecret(email: string, localDir = E2E_LOCAL_DIR): string | null {
  const { userPoolId } = JSON.parse(readFileSync(`${localDir}/cognito/pool.json`, 'utf8'));
  const pool = JSON.parse(
    readFileSync(`${localDir}/cognito/db/${userPoolId}.json`, 'utf8'),
  ) as PoolFile;
  const user = Object.values(pool.Users).find((u) =>
    u.Attributes?.some((a) => a.Name === 'email' && a.Value === email),
  );
  return user?.SoftwareTokenMfaConfiguration?.Secret ?? null;
}

/**
 * Passes the authenticator step a staff or agent sign-in shows after the password, as a person
 * with an authenticator app does: on the setup screen the key is read from the page (the app
 * would scan the QR code); on the challenge the app already holds it (the stand-in's copy).
 * @returns which step it was and the secret.
 */
export async function passAuthenticatorStep(
  page: Page,
  email: string,
): Promise<{ step: 'setup' | 'challenge'; secret: string }> {
  const field = page.getByLabel('6-digit code');
  await expect(field).toBeVisible({ timeout: 15_000 });
  const setup = await page.getByRole('heading', { name: 'Set up two-step sign-in' }).isVisible();
  const secret = setup
    ? ((await page.locator('.mfa-step__key').textContent()) ?? '').replace(/\s+/g, '')
    : (localTotpSecret(email) ?? '');
  await field.fill(totpNow(secret));
  await page.getByRole('button', { name: setup ? 'Turn on and log in' : 'Log in' }).click();
  return { step: setup ? 'setup' : 'challenge', secret };
}

/**
 * A new member of `group` in the local user pool (verified e-mail, random password), so a test
 * can see the first sign-in's setup screen on every run.
 */
export async function newLocalMember(
  group: 'staff' | 'agent',
  localDir = E2E_LOCAL_DIR,
): Promise<Login> {
  const ports = JSON.parse(readFileSync(`${localDir}/ports.json`, 'utf8')) as { cognito: number };
  const { userPoolId } = JSON.parse(readFileSync(`${localDir}/cognito/pool.json`, 'utf8'));
  const login = {
    email: `${group}-${randomBytes(4).toString('hex')}@analyticowl.local`,
    password: `${randomBytes(9).toString('base64url')}7a!9Q`,
  };
  const client = localPoolClient(`http://127.0.0.1:${ports.cognito}`);
  try {
    await createPoolUser(client, userPoolId, login, { given: 'Test', family: group }, [group]);
  } finally {
    client.destroy();
  }
  return login;
}

/**
 * Signs `login` in on the user pool's public client (USER_PASSWORD_AUTH through the same-origin
 * `/_cognito` proxy, as anyone on the internet can), skipping the login page and so its
 * authenticator step, and puts the tokens where the web app's Amplify keeps them (localStorage,
 * `CognitoIdentityServiceProvider.<client>.<user>.*`) before any page of the origin loads.
 * @throws Error when the pool hands out no tokens (e.g. the account has an authenticator).
 */
export async function signInStraightFromPool(page: Page, baseUrl: string, login: Login) {
  const config = (await (await fetch(new URL('/ss_rest/auth_config', baseUrl))).json()) as {
    result: AuthConfig;
  };
  const { user_pool_client_id: clientId, user_pool_endpoint } = config.result;
  const client = new CognitoIdentityProviderClient({
    endpoint: new URL(user_pool_endpoint ?? '', baseUrl).toString(),
    region: 'local',
    credentials: { accessKeyId: 'anonymous', secretAccessKey: 'anonymous' },
  });
  try {
    const out = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: login.email, PASSWORD: login.password },
      }),
    );
    const tokens = out.AuthenticationResult;
    if (!tokens?.IdToken || !tokens.AccessToken) throw new Error(`no tokens for ${login.email}`);
    const claims = JSON.parse(
      Buffer.from(tokens.IdToken.split('.')[1] ?? '', 'base64url').toString(),
    );
    const user = String(claims['cognito:username'] ?? login.email);
    const prefix = `CognitoIdentityServiceProvider.${clientId}`;
    const items = {
      [`${prefix}.LastAuthUser`]: user,
      [`${prefix}.${user}.idToken`]: tokens.IdToken,
      [`${prefix}.${user}.accessToken`]: tokens.AccessToken,
      [`${prefix}.${user}.refreshToken`]: tokens.RefreshToken ?? '',
      [`${prefix}.${user}.clockDrift`]: '0',
    };
    await page.addInitScript((stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, items);
  } finally {
    client.destroy();
  }
}
