import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { callApi } from '../../lib/local/route-calls';
import { DEMO_CLIENT_NAME } from '../../lib/local/seed';
import { bootStack, type TestStack, teardown, tempStackDir } from './support/stack';

interface Company {
  client_uid: string;
  name: string;
  demo: boolean;
  sample_data: boolean;
  airings: number;
  latest_report_id: string | null;
}

const dir = tempStackDir();
let local: TestStack | undefined;
let firstStart: { clients: Company[]; report: ReportDocument; lines: string[] };

const companies = async (url: string) =>
  (
    await callApi<{ clients: Company[] }>(
      url,
      'fetch_companies',
      { all_clients: true },
      local!.token,
    )
  ).clients;

beforeAll(async () => {
  local = await bootStack(dir, true);
  const clients = await companies(local.stack.url);
  const demo = clients.find((c) => c.name === DEMO_CLIENT_NAME);
  const report = await callApi<ReportDocument>(
    local.stack.url,
    'get_report',
    { client_uid: demo?.client_uid },
    local.token,
  );
  firstStart = { clients, report, lines: [...local.lines] };
  await local.stack.stop();
  local = await bootStack(dir, true);
}, 180_000);

afterAll(() => teardown(local, dir));

test('a first start seeds the demo advertiser as sample data with a finished report', () => {
  const demo = firstStart.clients.find((c) => c.name === DEMO_CLIENT_NAME);

  expect(demo).toMatchObject({ demo: true, sample_data: true });
  expect(demo?.airings).toBeGreaterThan(0);
  expect(demo?.latest_report_id).toBe(firstStart.report.report_id);
  expect(firstStart.report.sample_data).toBe(true);
  expect(firstStart.report.summary.attributed_visits).toBeGreaterThan(0);
});

test('a first start seeds the sample peers of the demo industry, acting as the local staff operator', () => {
  const seeded = firstStart.lines;

  expect(seeded.filter((l) => /seed failed|peers failed/.test(l))).toEqual([]);
  expect(seeded.some((l) => l.startsWith('sample peers seeded in'))).toBe(true);
});

test('after a restart on the same folder the client and its report are still there, not reseeded', async () => {
  const url = local!.stack.url;

  const clients = await companies(url);
  const demo = clients.find((c) => c.name === DEMO_CLIENT_NAME);
  const report = await callApi<ReportDocument>(
    url,
    'get_report',
    { client_uid: demo?.client_uid },
    local!.token,
  );

  expect(clients).toEqual(firstStart.clients);
  expect(report.report_id).toBe(firstStart.report.report_id);
  expect(report.summary).toEqual(firstStart.report.summary);
  expect(local!.lines).toContain('demo data already seeded');
  expect(local!.lines.some((l) => l.startsWith('first start'))).toBe(false);
});
