import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import { DynamoRatingsResults } from '../../../../lambdas/ratings/adapters/dynamo-ratings-results';
import { DynamoRatingsSources } from '../../../../lambdas/ratings/adapters/dynamo-ratings-sources';
import type { PeriodResult } from '../../../../lambdas/ratings/core/model';
import { dynamoLocalForFile } from '../../../support/dynamo-local';
import { contribution, slot } from '../support/memory-ratings';

const TABLE = 'companies';
const local = dynamoLocalForFile({ name: 'ratings-adapters', companiesTable: TABLE });

describe('ratings contributions on DynamoDB Local', () => {
  test('a report covering fewer days of a month never replaces a longer one', async () => {
    // Prepare
    const sources = new DynamoRatingsSources(local.doc, TABLE);
    const full = contribution('c1', 'o1', [slot('WABC', 10, 20)], { days: 31 });
    const week = contribution('c1', 'o1', [slot('WABC', 2, 9)], { days: 7 });

    // Act
    const first = await sources.file('real', full);
    const second = await sources.file('real', week);

    // Assert
    expect([first, second]).toEqual([true, false]);
    expect((await sources.listMonth('real', '2026-01')).map((c) => c.airings)).toEqual([10]);
    expect(await sources.months('real')).toEqual(['2026-01']);
    expect(await sources.months('sample')).toEqual([]);
  });
});

describe('published ratings on DynamoDB Local', () => {
  test('a period larger than an item is stored in chunks and read back whole; a republish replaces it and deletes the old chunks', async () => {
    // Prepare: about 600 KB of rows (more than one 400 KB item)
    const results = new DynamoRatingsResults(local.doc, TABLE);
    const row = (i: number) => ({
      subject: 'station' as const,
      station_key: `W${i}`,
      station_id: null,
      call_sign: `W${i}`,
      label: `W${i} · Broadcast TV · ${'x'.repeat(200)}`,
      type: 'tv' as const,
      market: '501',
      format: 'broadcast_tv' as const,
      daypart: 'all',
      industry: null,
      rating: 100 + (i % 50),
      low: 90,
      high: 120,
      level: 0.9375,
      advertisers: 5,
      airings: 60,
      rank: null,
      previous_rating: null,
      rate30_cents: null,
      vpa: 1.5,
    });
    const result: PeriodResult = {
      kind: 'sample',
      period: '2026-01',
      computed_at: 'now',
      rows: Array.from({ length: 2000 }, (_, i) => row(i)),
      withheld: [],
      top: [],
    };

    // Act
    const entry = await results.publish(result);
    const whole = await results.read('sample', entry);
    const again = await results.publish({ ...result, rows: result.rows.slice(0, 3) });

    // Assert
    expect(entry.rated).toBe(2000);
    expect(whole?.rows).toHaveLength(2000);
    expect(await results.periods('sample')).toEqual([again]);
    expect((await results.read('sample', again))?.rows).toHaveLength(3);
    expect(await results.periods('real')).toEqual([]);
    const items = await local.doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'RATINGS#sample#2026-01' },
      }),
    );
    expect(items.Items?.map((i) => String(i.sk).split('#')[1])).toEqual([again.generation]);
  });
});
