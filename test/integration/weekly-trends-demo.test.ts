import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import type { WeeklyTrendsResult } from '#shared/contracts/weekly-trends.schema';
import { LOCAL_COMPANIES_TABLE } from '../../lib/local/local-names';
import { callApi } from '../../lib/local/route-calls';
import { DEMO_INDUSTRY_ID } from '../../lib/local/seed-peers';
import { bootStack, type TestStack, teardown, tempStackDir } from './support/stack';

const dir = tempStackDir();
let local: TestStack | undefined;

/**
 * The seed never throws (a step that gives up is logged and retried on the next start), so a
 * test of seeded data first checks the boot's log, which then names the step.
 */
function expectSeeded(stack: TestStack): void {
  expect(stack.lines.filter((l) => /failed/.test(l))).toEqual([]);
}

beforeAll(async () => {
  local = await bootStack(dir, true);
}, 600_000);

afterAll(() => teardown(local, dir));

test('a first start gives the weekly trends view a table: the demo industry, its markets, three weeks', async () => {
  expectSeeded(local!);
  const trends = await callApi<WeeklyTrendsResult>(
    local!.stack.url,
    'weekly_trends',
    {},
    local!.token,
  );

  expect(trends.week_ends).toHaveLength(3);
  expect(trends.rows.map((r) => r.industry_id)).toContain(DEMO_INDUSTRY_ID);
  const row = trends.rows.find((r) => r.industry_id === DEMO_INDUSTRY_ID);
  expect(row?.advertisers).toBeGreaterThanOrEqual(3);
  expect(row?.changes.some((c) => c !== null)).toBe(true);
  expect(trends.filter_options.dmas.length).toBeGreaterThan(0);

  const market = trends.filter_options.dmas[0]?.id as string;
  const inMarket = await callApi<WeeklyTrendsResult>(
    local!.stack.url,
    'weekly_trends',
    { dma_codes: [market], week_count: 5 },
    local!.token,
  );
  expect(inMarket.week_ends).toHaveLength(5);
  expect(inMarket.rows.find((r) => r.industry_id === DEMO_INDUSTRY_ID)?.changes).toHaveLength(5);
}, 60_000);

test('a stack seeded before trends per market re-runs the sample reports once on its next start, and the table is back', async () => {
  // Make the stack as an older start left it: contributions without weeks per DMA, no marker.
  const db = ddbDocClient();
  const table = LOCAL_COMPANIES_TABLE;
  const strip = async (key: { pk: string; sk: string }) => {
    const item = (await db.send(new GetCommand({ TableName: table, Key: key }))).Item;
    if (!item?.contribution?.weekly_new_users) return;
    delete item.contribution.weekly_new_users.dma_weeks;
    await db.send(new PutCommand({ TableName: table, Item: item }));
  };
  const filed = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `INDUSTRY#${DEMO_INDUSTRY_ID}#sample` },
    }),
  );
  for (const item of filed.Items ?? []) {
    await strip({ pk: item.pk, sk: item.sk });
    await strip({ pk: `CLIENT#${item.contribution.client_uid}`, sk: 'BENCHMARK' });
  }
  await db.send(
    new DeleteCommand({ TableName: table, Key: { pk: 'LOCAL#SEED', sk: 'PEER_WEEKLY_TRENDS' } }),
  );
  const emptied = await callApi<WeeklyTrendsResult>(
    local!.stack.url,
    'weekly_trends',
    {},
    local!.token,
  );
  expect(emptied.rows.find((r) => r.industry_id === DEMO_INDUSTRY_ID)).toBeUndefined();

  await local!.stack.stop();
  local = await bootStack(dir, true);

  const trends = await callApi<WeeklyTrendsResult>(
    local.stack.url,
    'weekly_trends',
    {},
    local.token,
  );
  expect(trends.rows.map((r) => r.industry_id)).toContain(DEMO_INDUSTRY_ID);
  expect(local.lines.filter((l) => /weekly trends refile failed/.test(l))).toEqual([]);
}, 240_000);
