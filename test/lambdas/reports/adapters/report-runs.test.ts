import { describe, expect, test } from 'vitest';
import { DynamoReportRuns } from '../../../../lambdas/reports/adapters/dynamo-report-runs';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import type { ActiveRun } from '../../../../lambdas/reports/core/ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// One behaviour suite on the in-memory adapter (what the use-case tests use) and on the
// DynamoDB adapter against DynamoDB Local, so the fake cannot drift from the real thing.
const TABLE = 'sessions';
const local = dynamoLocalForFile({
  name: 'report-runs',
  sessionsTable: TABLE,
});

const kinds: [string, () => MemoryReportRuns | DynamoReportRuns][] = [
  ['memory', () => new MemoryReportRuns()],
  ['DynamoDB Local', () => new DynamoReportRuns(local.doc, TABLE)],
];

let n = 0;
/** A client uid no other test uses (the DynamoDB table is shared by the file). */
const freshClient = () => `client-${++n}`;
const HOUR = 1_711_972_800;

function run(client: string, reportId: string): ActiveRun {
  return { client_uid: client, report_id: reportId, started_at: '2024-04-01T12:00:00.000Z' };
}

describe.each(kinds)('report runs (%s)', (_kind, make) => {
  test('a free slot is taken once: a second claim that saw it free is busy', async () => {
    const runs = make();
    const client = freshClient();

    const first = await runs.claim(run(client, 'r1'), null, 5, HOUR);
    const second = await runs.claim(run(client, 'r2'), null, 5, HOUR);

    expect([first, second]).toEqual(['claimed', 'busy']);
    expect(await runs.active(client)).toEqual(run(client, 'r1'));
  });

  test('racing claims over the same holder: exactly one takes the slot', async () => {
    const runs = make();
    const client = freshClient();
    await runs.claim(run(client, 'r0'), null, 50, HOUR);

    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((id) => runs.claim(run(client, id), 'r0', 50, HOUR)),
    );

    expect(outcomes.filter((o) => o === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(4);
  });

  test('the hour counts at most perHour runs; a refused claim leaves the slot as it was', async () => {
    const runs = make();
    const client = freshClient();
    await runs.claim(run(client, 'r1'), null, 2, HOUR);
    await runs.claim(run(client, 'r2'), 'r1', 2, HOUR);

    const full = await runs.claim(run(client, 'r3'), 'r2', 2, HOUR);
    const nextHour = await runs.claim(run(client, 'r4'), 'r2', 2, HOUR + 3600);

    expect(full).toBe('hour_full');
    expect(nextHour).toBe('claimed');
    expect((await runs.active(client))?.report_id).toBe('r4');
  });

  test('release frees the slot only for the run holding it', async () => {
    const runs = make();
    const client = freshClient();
    await runs.claim(run(client, 'r1'), null, 5, HOUR);

    await runs.release(client, 'someone-else');
    const kept = await runs.active(client);
    await runs.release(client, 'r1');

    expect(kept?.report_id).toBe('r1');
    expect(await runs.active(client)).toBeNull();
  });
});
