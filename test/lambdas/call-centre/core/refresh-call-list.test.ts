import { describe, expect, test } from 'vitest';
import { MemoryCallRecordStore } from '../../../../lambdas/call-centre/adapters/memory-call-records';
import {
  type CallListReport,
  isMonitoringCsv,
  onMonitoringObject,
  type RefreshCallListDeps,
  refreshCallList,
} from '../../../../lambdas/call-centre/core/refresh-call-list';

const HEADER = 'advertiser,industry_id,station,dma_code,program,start_utc,length_s,cost';
const GOOD = [
  'Acme Motors,1553,WADMO,501,Morning News,2024-01-05T15:00:00Z,30,125.50',
  'Acme Motors,1553,WBDMO,501,Evening News,2024-01-06T23:00:00Z,30,300',
  'Bolt Auto,1553,KADMO,602,Late Show,2024-01-07T04:00:00Z,15,',
];
const KEY = 'monitoring/2024-01.csv';

/** In-memory ports: files by key, a fixed clock. */
function fakeDeps(files: Record<string, string>) {
  const records = new MemoryCallRecordStore();
  const reports = new Map<string, CallListReport>();
  let clock = Date.parse('2024-02-01T09:00:00Z');
  const deps: RefreshCallListDeps = {
    records,
    readObject: async (key) => {
      const text = files[key];
      if (text === undefined) throw new Error(`NoSuchKey ${key}`);
      return text;
    },
    writeReport: async (key, body) => {
      reports.set(key, JSON.parse(body));
    },
    industries: async () => new Map([['1553', 'Automotive Ownership']]),
    industryVisitsPerAiring: async (ids) =>
      new Map(ids.filter((id) => id === '1553').map((id) => [id, 2.75])),
    now: () => {
      clock += 60_000;
      return new Date(clock);
    },
  };
  return { deps, records, reports };
}

/** Records without their version stamp (every write moves updated_at on). */
const facts = (store: MemoryCallRecordStore) =>
  store.all().map(({ updated_at: _, ...rest }) => rest);

describe('refreshCallList', () => {
  test('applies a good file: creates the records and writes an applied report', async () => {
    const { deps, records, reports } = fakeDeps({ [KEY]: [HEADER, ...GOOD].join('\n') });

    const report = await refreshCallList(deps, KEY);

    expect(report).toMatchObject({
      status: 'applied',
      key: KEY,
      rows: 3,
      advertisers: 2,
      created: 2,
      updated: 0,
      as_of: '2024-01-07',
    });
    expect(reports.get(`${KEY}.report.json`)).toEqual(report);
    expect(await records.get('acme-motors')).toMatchObject({
      name: 'Acme Motors',
      industry: 'Automotive Ownership',
      spend: 42550,
      status: 'new',
      competitor_list: [{ id: 'bolt-auto', advertiser: 'Bolt Auto', spend: null, airings: 1 }],
      industry_summary: { sessions_per_airing: 2.75 },
    });
  });

  test('the same file twice leaves the same records (only their version moves on)', async () => {
    const { deps, records } = fakeDeps({ [KEY]: [HEADER, ...GOOD].join('\n') });

    await refreshCallList(deps, KEY);
    const first = facts(records);
    const again = await refreshCallList(deps, KEY);

    expect(again).toMatchObject({ status: 'applied', created: 0, updated: 2 });
    expect(facts(records)).toEqual(first);
  });

  test('rejects a file with a bad row: changes nothing and reports row and column', async () => {
    const bad = 'Bolt Auto,1553,KADMO,602,Late Show,next tuesday,15,';
    const { deps, records, reports } = fakeDeps({
      [KEY]: [HEADER, ...GOOD].join('\n'),
      'monitoring/bad.csv': [HEADER, ...GOOD, bad].join('\n'),
    });
    await refreshCallList(deps, KEY);
    const before = records.all();

    const report = await refreshCallList(deps, 'monitoring/bad.csv');

    expect(report).toMatchObject({ status: 'rejected', rows: 4, error_count: 1 });
    expect(reports.get('monitoring/bad.csv.report.json')).toMatchObject({
      status: 'rejected',
      errors: [
        { row: 4, column: 'start_utc', message: 'Row 4: start_utc is not an ISO-8601 UTC time' },
      ],
    });
    expect(records.all()).toEqual(before);
  });

  test('lists only the first 100 errors of a rejected file, with the total', async () => {
    const bad = Array.from({ length: 150 }, () => 'Acme,1553,WADMO,501,News,never,30,');
    const { deps, records, reports } = fakeDeps({ [KEY]: [HEADER, ...bad].join('\n') });

    await refreshCallList(deps, KEY);

    const report = reports.get(`${KEY}.report.json`);
    expect(report).toMatchObject({ status: 'rejected', error_count: 150 });
    expect(report?.status === 'rejected' && report.errors).toHaveLength(100);
    expect(records.all()).toEqual([]);
  });

  test('lets a read failure through so the event is retried, writing nothing', async () => {
    const { deps, reports } = fakeDeps({});

    await expect(refreshCallList(deps, KEY)).rejects.toThrow('NoSuchKey');
    expect(reports.size).toBe(0);
  });
});

describe('onMonitoringObject', () => {
  test.each([
    ['monitoring/2024-01.csv', true],
    ['monitoring/sub/Market Log.CSV', true],
    ['monitoring/2024-01.csv.report.json', false],
    ['monitoring/notes.txt', false],
    ['uploads/org/pl/2024-01.csv', false],
  ])('%s is a monitored post-log: %s', (key, yes) => {
    expect(isMonitoringCsv(key)).toBe(yes);
  });

  test('ignores a report object without reading it', async () => {
    const { deps, reports } = fakeDeps({});

    const result = await onMonitoringObject(deps, `${KEY}.report.json`);

    expect(result).toEqual({ status: 'ignored', key: `${KEY}.report.json` });
    expect(reports.size).toBe(0);
  });
});
