import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportJob } from '../../../layers/shared/contracts/postlog.schema';
import { ENV } from '../../../layers/shared/workers';
import type { ImportCalls } from '../../../lib/local/import-file';
import type { LocalLogin } from '../../../lib/local/local-logins';
import { addLocalAuthenticator } from '../../../lib/local/local-mfa';
import { type LocalStack, startLocalStack } from '../../../lib/local/local-stack';
import { callApi } from '../../../lib/local/route-calls';

/** A stack booted for one test file, with its log lines kept for assertions and failures. */
export interface TestStack {
  stack: LocalStack;
  dir: string;
  lines: string[];
  /** An ID token of the local demo user (a normal signed-in user, owner of the local org). */
  token: string;
}

/** A fresh temp folder for a stack's data. */
export function tempStackDir(): string {
  return mkdtempSync(join(tmpdir(), 'ao-stack-'));
}

/** Boots the local stack on a random gateway port without building the web app. */
export async function bootStack(
  dir: string,
  seed: boolean,
  lines: string[] = [],
): Promise<TestStack> {
  const stack = await startLocalStack({
    dir,
    port: 0,
    seed,
    buildWeb: false,
    log: (l) => lines.push(l),
  });
  return { stack, dir, lines, token: await stack.idToken(stack.logins.demo) };
}

/** Stops the stack and removes its folder. */
export async function teardown(test: TestStack | undefined, dir: string): Promise<void> {
  await test?.stack.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** create_upload and get_import through the gateway, signed in with `token`. */
export function gatewayImports(url: string, token: string): ImportCalls {
  return {
    createUpload: (input) => callApi(url, 'create_upload', input, token),
    getImport: (postlogId) =>
      callApi<ImportJob>(url, 'get_import', { postlog_id: postlogId }, token),
  };
}

/**
 * A local staff or agent login with an authenticator app added (as the login page's setup step
 * does), so `stack.idToken` answers its code step and the staff and agent routes let it in. A
 * login that has one already (the operator: the stack gives it one at start) comes back as it is.
 */
export async function withAuthenticator(
  test: TestStack,
  login: LocalLogin,
): Promise<LocalLogin & { totpSecret: string }> {
  if (login.totpSecret) return { ...login, totpSecret: login.totpSecret };
  return addLocalAuthenticator(
    {
      endpoint: test.stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? '',
      clientId: test.stack.env[ENV.userPoolClientId] ?? '',
    },
    login,
  );
}
