import { describe, expect, test } from 'vitest';
import { reportSettingsDocSchema } from '#shared/contracts/report-session.schema';
import { DynamoReportSessions } from '../../../../lambdas/reports/adapters/dynamo-report-sessions';
import { MemoryReportSessions } from '../../../../lambdas/reports/adapters/memory-report-sessions';
import type { SavedReportRecord } from '../../../../lambdas/reports/core/report-session-ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// One behaviour suite on the in-memory adapter (what the use-case tests use) and on the
// DynamoDB adapter against DynamoDB Local, so the fake cannot drift from the real thing.
const TABLE = 'sessions';
const local = dynamoLocalForFile({
  name: 'report-sessions',
  sessionsTable: TABLE,
});

type Adapter = MemoryReportSessions | DynamoReportSessions;
const kinds: [string, () => Adapter][] = [
  ['memory', () => new MemoryReportSessions()],
  ['DynamoDB Local', () => new DynamoReportSessions(local.doc, TABLE)],
];

let run = 0;

function record(over: Partial<SavedReportRecord> = {}): SavedReportRecord {
  return {
    saved_id: 's1',
    client_uid: 'c1',
    report_id: 'r1',
    session_uid: null,
    name: 'March',
    comments: '',
    settings: reportSettingsDocSchema.parse({ tables: { station: { hidden_columns: ['ads'] } } }),
    params: {
      date_start: '2024-03-01',
      date_end: '2024-03-31',
      window: 8,
      attribution_method: 'x',
    },
    created_at: '2024-04-01T12:00:00.000Z',
    created_by: 'u1',
    created_by_name: 'Ann',
    client_snapshot: { airings: 3, last_airing_utc: null },
    ...over,
  };
}

describe.each(kinds)('report-session adapter on %s', (_name, make) => {
  // Each test uses its own keys: the DynamoDB table is shared by the file.
  const unique = () => `t${++run}`;

  test('settings are stored per user and client, replaced, and deleted', async () => {
    const a = make();
    const [user, other] = [unique(), unique()];
    const settings = reportSettingsDocSchema.parse({ vpa: 'both', station: { name: 'WXYZ' } });

    await a.putSettings(user, 'c1', { settings, updated_at: 'T1' });
    await a.putSettings(user, 'c1', { settings: { ...settings, roi: false }, updated_at: 'T2' });

    expect(await a.getSettings(user, 'c1')).toEqual({
      settings: { ...settings, roi: false },
      updated_at: 'T2',
    });
    expect(await a.getSettings(user, 'c2')).toBeNull();
    expect(await a.getSettings(other, 'c1')).toBeNull();
    await a.deleteSettings(user, 'c1');
    await a.deleteSettings(user, 'c1');
    expect(await a.getSettings(user, 'c1')).toBeNull();
  });

  test('a saved report is created once; a second create returns the first', async () => {
    const a = make();
    const client = unique();

    const first = await a.createSaved(record({ client_uid: client }));
    const again = await a.createSaved(
      record({ client_uid: client, name: 'Other', created_by: 'u2' }),
    );

    expect(first).toEqual({ created: true, record: record({ client_uid: client }) });
    expect(again).toEqual({ created: false, record: record({ client_uid: client }) });
    expect(await a.getSaved(client, 's1')).toEqual(record({ client_uid: client }));
    expect(await a.getSaved(unique(), 's1')).toBeNull();
  });

  test('saved reports are listed per client, newest first', async () => {
    const a = make();
    const client = unique();
    await a.createSaved(
      record({ client_uid: client, saved_id: 'a', created_at: '2024-04-01T00:00:00Z' }),
    );
    await a.createSaved(
      record({ client_uid: client, saved_id: 'b', created_at: '2024-04-03T00:00:00Z' }),
    );
    await a.createSaved(
      record({ client_uid: client, saved_id: 'c', created_at: '2024-04-02T00:00:00Z' }),
    );
    await a.createSaved(record({ client_uid: unique(), saved_id: 'd' }));

    const list = await a.listSaved(client);

    expect(list.map((r) => r.saved_id)).toEqual(['b', 'c', 'a']);
  });

  test('free clients: two distinct clients claim, a third is refused, repeats are free', async () => {
    const a = make();
    const user = unique();

    const claims = [
      await a.claim(user, 'c1', 2),
      await a.claim(user, 'c1', 2),
      await a.claim(user, 'c2', 2),
      await a.claim(user, 'c3', 2),
      await a.claim(user, 'c2', 2),
    ];

    expect(claims).toEqual([true, true, true, false, true]);
    expect((await a.freeClients(user)).sort()).toEqual(['c1', 'c2']);
    expect(await a.freeClients(unique())).toEqual([]);
  });

  test('racing claims on five clients leave exactly two free', async () => {
    const a = make();
    const user = unique();

    const claims = await Promise.all(
      ['c1', 'c2', 'c3', 'c4', 'c5'].map((c) => a.claim(user, c, 2)),
    );

    expect(claims.filter(Boolean)).toHaveLength(2);
    expect(await a.freeClients(user)).toHaveLength(2);
  });
});
