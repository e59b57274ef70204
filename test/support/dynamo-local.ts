import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import {
  ensureCompaniesTable,
  ensureSessionsTable,
  type LocalDynamo,
  localDynamoClient,
  startDynamoDb,
} from '../../lib/local/dynamodb';
import { TEST_DYNAMO_JVM } from './dynamo-jvm';

/** What a test file gets from {@link dynamoLocalForFile}; read it inside tests, not at import. */
export interface DynamoLocalFixture {
  /** The document client on this file's DynamoDB Local. */
  readonly doc: DynamoDBDocumentClient;
  /** The `http://127.0.0.1:<port>` endpoint, for tables a test creates itself. */
  readonly endpoint: string;
}

/**
 * One DynamoDB Local for the calling test file: started in a fresh temporary folder before its
 * tests (with the CompaniesTable and/or SessionsTable of the CDK key schema when named), stopped
 * and its folder removed after them. The adapters' behaviour suites run their DynamoDB half on
 * it, so each file pays one JVM start.
 * @param opts.name the temporary folder's prefix (`ao-<name>-`), so a leftover says whose it is.
 * @param opts.removeUndefinedValues marshal as the Lambdas' shared document client does.
 */
export function dynamoLocalForFile(opts: {
  name: string;
  companiesTable?: string;
  sessionsTable?: string;
  removeUndefinedValues?: boolean;
}): DynamoLocalFixture {
  const dir = mkdtempSync(join(tmpdir(), `ao-${opts.name}-`));
  let dynamo: LocalDynamo | undefined;
  let doc: DynamoDBDocumentClient | undefined;

  beforeAll(async () => {
    dynamo = await startDynamoDb({ dir, log: () => undefined, jvmOptions: TEST_DYNAMO_JVM });
    if (opts.companiesTable) await ensureCompaniesTable(dynamo.endpoint, opts.companiesTable);
    if (opts.sessionsTable) await ensureSessionsTable(dynamo.endpoint, opts.sessionsTable);
    doc = DynamoDBDocumentClient.from(
      localDynamoClient(dynamo.endpoint),
      opts.removeUndefinedValues ? { marshallOptions: { removeUndefinedValues: true } } : undefined,
    );
  });
  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    get doc() {
      if (!doc) throw new Error('DynamoDB Local is not started yet: read `doc` inside a test.');
      return doc;
    },
    get endpoint() {
      if (!dynamo)
        throw new Error('DynamoDB Local is not started yet: read `endpoint` inside a test.');
      return dynamo.endpoint;
    },
  };
}
