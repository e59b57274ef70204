import { expect, test } from 'vitest';
import { reportSettingsDocSchema } from '#shared/contracts/report-session.schema';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { DeliveryRefused } from '../../../lambdas/schedules/core/deliver-ports';
import { scheduledReportDocuments } from '../../../lambdas/schedules/core/deliver-report';
import {
  airing,
  allowancePorts,
  FakeQueryEngine,
  memoryPorts,
  memoryStepDeps,
  minuteVisits,
  seededCompanies,
} from '../reports/fakes';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const AIRINGS = [
  airing('1', MAR4 + 15 * 3600),
  airing('2', MAR4 + 86400 + 20 * 3600),
  airing('3', MAR4 + 2 * 86400 + 1800),
];

const schedule = (owner: string): Schedule => ({
  schedule_id: 's1',
  client_uid: 'client-a',
  what: { kind: 'report' },
  cadence: { every: 'weekly', weekday: 1 },
  local_time: '09:00',
  time_zone: 'America/New_York',
  range: 'last_week',
  recipients: ['ann@example.com'],
  format: { pdf: true, csv: true },
  paused: false,
  owner_user_id: owner,
  owner_email: `${owner}@example.com`,
  created_at: '2024-03-01T00:00:00.000Z',
  updated_at: '2024-03-01T00:00:00.000Z',
  next_run_at: null,
});
const WEEK = { start: '2024-03-04', end: '2024-03-10', key: '2024-03-04..2024-03-10' };

async function setup() {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  const allowance = allowancePorts();
  const pages: string[] = [];
  const steps = memoryStepDeps({
    query: new FakeQueryEngine(AIRINGS, { minute: minuteVisits(AIRINGS, MAR4) }),
    ports,
    companies,
  });
  await allowance.usage.putSettings('alice', 'client-a', {
    settings: reportSettingsDocSchema.parse({
      executive_summary: 'Mornings carried the week.',
      cover: { show: true, preparer_name: 'Ann Rep' },
    }),
    updated_at: '2024-03-01T00:00:00.000Z',
  });
  const documents = scheduledReportDocuments({
    steps,
    settings: allowance.usage,
    users: { getDefaults: async () => null },
    allowance,
    renderer: {
      render: async (html) => {
        pages.push(html);
        return { pdf: new TextEncoder().encode('%PDF-1.7 fake'), pages: 3 };
      },
    },
    images: { fetchImage: async () => null },
    newId: () => 'run-1',
  });
  return { documents, companies, ports, allowance, pages };
}

test("the client's report for the period is printed with the owner's saved settings and its tables as CSV", async () => {
  const { documents, pages } = await setup();

  const doc = await documents.render(schedule('alice'), WEEK, true);

  expect(doc.title).toBe('Acme Mattress report: 03/04/2024 – 03/10/2024');
  expect(doc.fileName).toMatch(/^acme-mattress.*03-04-2024.*03-10-2024\.pdf$/);
  expect(new TextDecoder().decode(doc.pdf)).toMatch(/^%PDF/);
  expect(pages).toHaveLength(1);
  expect(pages[0]).toContain('Mornings carried the week.');
  expect(pages[0]).toContain('Ann Rep');
  expect(doc.csv).toMatch(/^Daypart\r\nDaypart,Ads,Visits,VPA/);
});

test('a scheduled run counts no free report, makes no job and leaves the latest report on screen as it was', async () => {
  const { documents, companies, ports, allowance } = await setup();

  await documents.render(schedule('alice'), WEEK, false);

  expect(await allowance.usage.freeClients('alice')).toEqual([]);
  expect(await ports.jobs.get('scheduled-run-1')).toBeNull();
  expect((await companies.getClient('client-a'))?.latest_report_id).toBeNull();
});

test('an owner who can no longer open the client gets nothing rendered: the delivery is refused', async () => {
  const { documents, pages } = await setup();

  const refused = documents.render(schedule('bob'), WEEK, false);

  await expect(refused).rejects.toBeInstanceOf(DeliveryRefused);
  await expect(refused).rejects.toThrow('can no longer open this client');
  expect(pages).toHaveLength(0);
});

test('a period without airings is refused with the reason the report screen gives', async () => {
  const { documents } = await setup();

  const refused = documents.render(
    schedule('alice'),
    {
      start: '2024-02-05',
      end: '2024-02-11',
      key: '2024-02-05..2024-02-11',
    },
    false,
  );

  await expect(refused).rejects.toBeInstanceOf(DeliveryRefused);
  await expect(refused).rejects.toThrow('There are no airings in');
});
