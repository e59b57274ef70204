import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ImportJob } from '#shared/contracts/postlog.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { ENV } from '#shared/workers';
import { demoPostlogCsv } from '../../../lib/local/demo-postlog';
import { type ImportCalls, importFile } from '../../../lib/local/import-file';
import type { LocalLogin } from '../../../lib/local/local-logins';
import { addLocalAuthenticator } from '../../../lib/local/local-mfa';
import { type LocalStack, startLocalStack } from '../../../lib/local/local-stack';
import { callApi } from '../../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../../lib/local/simulated-visits';
import { TEST_DYNAMO_JVM } from '../../support/dynamo-jvm';

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

/** What a test stack loads beyond the bare boot. */
export interface BootOptions {
  /**
   * Load the reference station list (the station routes, post-log call-sign matching, the
   * ratings' station pages, a primary station at registration). Most files never read it, and
   * leaving it out spares the boot its load and every table scan its 4 MB.
   * @default the value of `seed` (a seeded stack is the one `npm start` gives)
   */
  stations?: boolean;
}

/** Boots the local stack on a random gateway port without building the web app. */
export async function bootStack(
  dir: string,
  seed: boolean,
  lines: string[] = [],
  opts: BootOptions = {},
): Promise<TestStack> {
  const stack = await startLocalStack({
    dir,
    port: 0,
    seed,
    // The sample ratings' dozen reports are tested on their own (ratings.test.ts).
    seedRatings: false,
    stations: opts.stations ?? seed,
    dynamoJvmOptions: TEST_DYNAMO_JVM,
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

/** What a test file gets from {@link stackForFile}: its stack, read inside tests, not at import. */
export interface StackFixture extends TestStack {
  /** Stops the stack and boots it again on the same folder, as a person restarting `npm start`. */
  restart(): Promise<void>;
}

/**
 * The local stack for the calling test file (no seed, no web build, a random gateway port, the
 * station list only with `opts.stations`): booted in a fresh temporary folder before its tests,
 * stopped and the folder removed after them. Reading `stack`, `lines` or `token` before the boot
 * throws, naming why.
 */
export function stackForFile(opts: BootOptions = {}): StackFixture {
  const dir = tempStackDir();
  let booted: TestStack | undefined;
  beforeAll(async () => {
    booted = await bootStack(dir, false, [], opts);
  }, 120_000);
  afterAll(() => teardown(booted, dir));

  const ready = (): TestStack => {
    if (!booted) throw new Error('The local stack is not booted yet; read it inside a test.');
    return booted;
  };
  return {
    dir,
    get stack() {
      return ready().stack;
    },
    get lines() {
      return ready().lines;
    },
    get token() {
      return ready().token;
    },
    async restart() {
      await ready().stack.stop();
      booted = await bootStack(dir, false, [], opts);
    },
  };
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
 * A new client of the signed-in user's organisation with airings and visits: a demo post-log
 * (`weeks` weeks, `spotsPerDay` airings a day, from `seed`) and the visits simulated for it,
 * written to `<name>-postlog.csv` and `<name>-visits.csv` in the stack's folder and imported
 * through the gateway as `token` (default: the local demo user).
 * @returns the client's uid and the post-log's import id.
 */
export async function importDemoClient(
  test: TestStack,
  opts: {
    name: string;
    advertiser: string;
    weeks: number;
    spotsPerDay: number;
    seed: number;
    token?: string;
  },
): Promise<{ clientUid: string; postlogId: string }> {
  const postlog = join(test.dir, `${opts.name}-postlog.csv`);
  const { weeks, spotsPerDay, seed } = opts;
  writeFileSync(postlog, demoPostlogCsv({ weeks, spotsPerDay, seed }));
  const visits = join(test.dir, `${opts.name}-visits.csv`);
  await writeSimulatedVisits(postlog, visits, { dataDir: resolveDataDir(), seed });
  const calls = gatewayImports(test.stack.url, opts.token ?? test.token);
  const imported = await importFile(calls, {
    path: postlog,
    kind: 'postlog',
    advertiser: opts.advertiser,
  });
  const clientUid = imported.client_uid ?? '';
  await importFile(calls, { path: visits, kind: 'visits', clientUid });
  return { clientUid, postlogId: imported.postlog_id };
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
