import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildImportDeps } from '../../../../lambdas/imports/adapters/import-deps';
import { resolveMarket } from '../../../../lambdas/imports/core/markets';
import {
  ensureCompaniesTable,
  type LocalDynamo,
  localDynamoClient,
  startDynamoDb,
} from '../../../../lib/local/dynamodb';
import { seedReference } from '../../../../lib/local/reference-seed';

// The import Lambdas as they run in AWS: no data folder beside them, only the companies table
// (the reference table) that the deploy's seed filled. DynamoDB Local stands in for it.
const dir = mkdtempSync(join(tmpdir(), 'ao-import-markets-'));
const saved = { ...process.env };
let dynamo: LocalDynamo;
let doc: DynamoDBDocumentClient;
let run = 0;

beforeAll(async () => {
  dynamo = await startDynamoDb({ dir, log: () => undefined });
  Object.assign(process.env, {
    DATA_DIR: '/nonexistent/analyticowl-data',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
  });
  doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
});
afterAll(async () => {
  process.env = saved;
  doc?.destroy();
  await dynamo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh companies table per test, as a new stage would have. */
async function freshTable(): Promise<string> {
  const table = `companies-${++run}`;
  await ensureCompaniesTable(dynamo.endpoint, table);
  return table;
}

const putDmas = (table: string, items: object[]) =>
  doc.send(new PutCommand({ TableName: table, Item: { pk: 'REF#dmas', sk: 'V1', items } }));

describe('the import Lambdas resolve markets from the reference table', () => {
  test('after the seed, a post-log market named "New York" or "Honolulu" resolves with no data folder', async () => {
    const table = await freshTable();
    await seedReference(table);

    const index = await buildImportDeps({ COMPANIES_TABLE: table }).markets();

    expect(resolveMarket('New York', index)).toEqual({ market: '501', tz: 'America/New_York' });
    expect(resolveMarket('El Paso, TX', index)).toEqual({ market: '765', tz: 'America/Denver' });
    expect(resolveMarket('Honolulu', index)).toMatchObject({ market: '744' });
    expect(resolveMarket('999', index)).toEqual({ error: 'Unknown DMA code 999.' });
  });

  test('the table is the source: a market only the table knows resolves', async () => {
    const table = await freshTable();
    await putDmas(table, [
      {
        code: '999',
        name: 'Testville',
        rank: 211,
        tvHomes: 10,
        tz: 'America/Phoenix',
        longName: 'Testville, AZ',
      },
    ]);

    const index = await buildImportDeps({ COMPANIES_TABLE: table }).markets();

    expect(resolveMarket('Testville', index)).toEqual({ market: '999', tz: 'America/Phoenix' });
    expect(resolveMarket('New York', index)).toHaveProperty('error');
  });

  test('the list is read once per container, and an unseeded table is read again next time', async () => {
    const table = await freshTable();
    const deps = buildImportDeps({ COMPANIES_TABLE: table });

    const beforeSeed = await deps.markets();
    await seedReference(table);
    const afterSeed = await deps.markets();
    await doc.send(new DeleteCommand({ TableName: table, Key: { pk: 'REF#dmas', sk: 'V1' } }));
    const cached = await deps.markets();

    expect(beforeSeed.byCode.size).toBe(0);
    expect(afterSeed.byCode.size).toBe(210);
    expect(cached).toBe(afterSeed);
  });
});
