import type { S3Event } from 'aws-lambda';
import { beforeAll, describe, expect, test } from 'vitest';
import { MemoryCallRecordStore } from '../../../../lambdas/call-centre/adapters/memory-call-records';
import type { RefreshCallListDeps } from '../../../../lambdas/call-centre/core/refresh-call-list';
import fixture from '../../../fixtures/events/s3-monitoring-created.json';

const CSV = [
  'advertiser,industry_id,station,dma_code,program,start_utc,length_s,cost',
  'Acme Motors,1553,WADMO,501,Morning News,2024-01-05T15:00:00Z,30,125.50',
].join('\n');

/** The fixture event for one object key (as S3 encodes it). */
function eventFor(encodedKey?: string): S3Event {
  const event = structuredClone(fixture) as S3Event;
  if (encodedKey && event.Records[0]) event.Records[0].s3.object.key = encodedKey;
  return event;
}

function fakeDeps() {
  const files = new Map([['monitoring/Market Log 2024-01.csv', CSV]]);
  const reports = new Map<string, string>();
  const records = new MemoryCallRecordStore();
  const deps: RefreshCallListDeps = {
    records,
    readObject: async (key) => {
      const text = files.get(key);
      if (text === undefined) throw new Error(`NoSuchKey ${key}`);
      return text;
    },
    writeReport: async (key, body) => void reports.set(key, body),
    industries: async () => new Map(),
    industryVisitsPerAiring: async () => new Map(),
    now: () => new Date('2024-02-01T09:00:00Z'),
  };
  return { deps, records, reports };
}

let mod: typeof import('../../../../lambdas/call-centre/handlers/call-list-refresh.handler');

beforeAll(async () => {
  // The composition root parses these at cold start; nothing is called in these tests.
  process.env.CALL_RECORDS_TABLE = 'call-records-test';
  process.env.UPLOADS_BUCKET = 'uploads-bucket';
  process.env.COMPANIES_TABLE = 'companies-test';
  mod = await import('../../../../lambdas/call-centre/handlers/call-list-refresh.handler');
});

describe('call-list-refresh handler', () => {
  test('decodes the S3 key and refreshes the call list from it', async () => {
    const { deps, records, reports } = fakeDeps();

    const results = await mod.makeHandler(deps)(eventFor());

    expect(results).toMatchObject([{ status: 'applied', advertisers: 1, created: 1 }]);
    expect(await records.get('acme-motors')).toMatchObject({ name: 'Acme Motors', spend: 12550 });
    expect(
      JSON.parse(reports.get('monitoring/Market Log 2024-01.csv.report.json') ?? '{}'),
    ).toMatchObject({ status: 'applied', as_of: '2024-01-05' });
  });

  test.each([
    'monitoring/Market+Log+2024-01.csv.report.json',
    'monitoring/readme.txt',
    'uploads/org-1/pl-1/log.csv',
  ])('ignores %s without reading it', async (key) => {
    const { deps, reports } = fakeDeps();

    const results = await mod.makeHandler(deps)(eventFor(key));

    expect(results).toEqual([{ status: 'ignored', key: key.replace(/\+/g, ' ') }]);
    expect(reports.size).toBe(0);
  });

  test('the deployed handler ignores a report object without touching AWS', async () => {
    const results = await mod.handler(eventFor('monitoring/x.csv.report.json'));

    expect(results).toEqual([{ status: 'ignored', key: 'monitoring/x.csv.report.json' }]);
  });
});
