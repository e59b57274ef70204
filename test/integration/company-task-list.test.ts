import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import type { CompaniesPage } from '#shared/contracts/companies.schema';
import { ENV } from '#shared/workers';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { callApi } from '../../lib/local/route-calls';
import { LOCAL_ORG } from '../../lib/local/seed';
import { SAMPLE_AGENCY_ORG, seedTaskListIfMissing } from '../../lib/local/seed-task-list';
import { gatewayImports, stackForFile } from './support/stack';

const local = stackForFile();

/** Clients of the signed-in demo user's organisation and of a stranger's, written as records. */
async function twoCustomers() {
  const companies = new DynamoCompanies(ddbDocClient(), local.stack.env[ENV.companiesTable] ?? '');
  for (let i = 1; i <= 12; i++)
    await companies.putClient(
      newClientRecord(
        {
          client_uid: `mine-${i}`,
          org_uid: LOCAL_ORG,
          name: `My Client ${String(i).padStart(2, '0')}`,
          tags: i % 2 ? ['odd'] : ['even'],
          station_airings: { WABC: i },
          industry_id: '1268',
          created_at: new Date(Date.UTC(2024, 0, i)).toISOString(),
        },
        new Date(),
      ),
    );
  await companies.putClient(
    newClientRecord(
      {
        client_uid: 'stranger-1',
        org_uid: 'org-walk-stranger',
        name: 'Stranger Secret Co',
        tags: ['stranger-tag'],
        station_airings: { KXSTR: 40 },
        industry_id: '1270',
        connection_status: 'connected',
        rep_uids: ['someone'],
      },
      new Date(),
    ),
  );
  return companies;
}

const page = (input: Record<string, unknown>) =>
  callApi<CompaniesPage>(local.stack.url, 'fetch_companies', input, local.token);

/** Asks for the page until `done` says yes (a client change shows within a second), 10 s at most. */
async function pollPage(input: Record<string, unknown>, done: (p: CompaniesPage) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const out = await page(input);
    if (done(out) || Date.now() > deadline) return out;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("a stranger's clients never appear in the task list's rows, counts or filter lists", async () => {
  const companies = await twoCustomers();

  const first = await page({ filters: { all: true }, page_size: 100 });
  const onlyStrangers = await page({ filters: { organization_ids: ['org-walk-stranger'] } });
  const strangeStation = await page({ filters: { station_groups: ['KXSTR'] } });
  const favourite = callApi(
    local.stack.url,
    'save_favorite',
    { client_uid: 'stranger-1', added: true },
    local.token,
  );

  const text = JSON.stringify(first);
  for (const secret of [
    'stranger-1',
    'Stranger Secret',
    'stranger-tag',
    'KXSTR',
    'org-walk-stranger',
    '1270',
  ])
    expect(text).not.toContain(secret);
  expect(first.clients.filter((c) => c.org_uid === LOCAL_ORG)).toHaveLength(12);
  expect(first.total_clients).toBe(first.clients.length);
  expect(onlyStrangers).toMatchObject({ clients: [], total_clients: 0 });
  expect(strangeStation.total_clients).toBe(0);
  await expect(favourite).rejects.toThrow(/404|not found/i);
  expect((await companies.getClient('stranger-1'))?.name).toBe('Stranger Secret Co');
});

test('the task list pages by 10, keeps saved filters and favourites, and shows a client change within a second', async () => {
  const companies = await twoCustomers();
  const call = (name: 'save_filters' | 'save_favorite', input: Record<string, unknown>) =>
    callApi(local.stack.url, name, input, local.token);

  const firstPage = await page({ filters: { tags: ['odd', 'even'] } });
  await call('save_filters', {
    filters: { tags: ['odd'], sort_field: 'client_name', sort_desc: true },
  });
  await call('save_favorite', { client_uid: 'mine-3', added: true });
  const saved = await page({ filters: { favorites_first: true } });
  await companies.updateClient('mine-1', { tags: ['odd', 'renamed-tag'] });
  const changed = await pollPage(
    { filters: { tags: ['renamed-tag'] } },
    (p) => p.total_clients > 0,
  );

  expect(firstPage.clients).toHaveLength(10);
  expect(firstPage.total_clients).toBe(12);
  expect(saved.clients.map((c) => c.client_uid)).toEqual([
    'mine-3',
    'mine-11',
    'mine-9',
    'mine-7',
    'mine-5',
    'mine-1',
  ]);
  expect(saved.clients[0]?.is_favorite).toBe(true);
  expect(changed.clients.map((c) => c.client_uid)).toEqual(['mine-1']);
  expect(changed.tags_list).toContain('renamed-tag');
});

test("the first start's seed gives the demo rep about 25 sample clients with varied facts, once", async () => {
  const table = local.stack.env[ENV.companiesTable] ?? '';
  const sub = JSON.parse(Buffer.from(local.token.split('.')[1] ?? '', 'base64url').toString()).sub;
  const lines: string[] = [];

  await seedTaskListIfMissing(table, sub, (line) => lines.push(line));
  await seedTaskListIfMissing(table, sub, (line) => lines.push(line));
  const sample = await page({
    filters: { organization_ids: [SAMPLE_AGENCY_ORG] },
    all_clients: true,
  });
  const favourites = await page({
    filters: { favorites: true, organization_ids: [SAMPLE_AGENCY_ORG] },
    all_clients: true,
  });
  const companies = new DynamoCompanies(ddbDocClient(), table);

  expect(lines.filter((l) => l.includes('seeded'))).toHaveLength(1);
  expect(sample.total_clients).toBe(25);
  expect(new Set(sample.clients.map((c) => c.industry?.id)).size).toBeGreaterThanOrEqual(10);
  expect(new Set(sample.clients.map((c) => c.connections.status)).size).toBe(6);
  expect(favourites.total_clients).toBe(2);
  expect(sample.clients.filter((c) => c.attention?.action === 'reconnect')).toHaveLength(1);
  expect(sample.clients.filter((c) => c.attention?.action === 'run_report')).toHaveLength(1);
  expect(sample.clients.every((c) => c.sample_data && c.perms.edit)).toBe(true);
  expect(sample.organization_list).toContainEqual({ id: SAMPLE_AGENCY_ORG, name: 'Sample Agency' });
  // Uploads still go to the developer's own organisation (their first).
  expect((await companies.orgsOfUser(sub))[0]).toBe(LOCAL_ORG);
});

test('a post-log imported through the gateway shows in its row: stations, media, costs and progress', async () => {
  const file = join(local.dir, 'facts-postlog.csv');
  writeFileSync(
    file,
    demoPostlogCsv({ weeks: 1, spotsPerDay: 4, seed: 77, firstDay: '2016-03-07' }),
  );

  const job = await importFile(gatewayImports(local.stack.url, local.token), {
    path: file,
    kind: 'postlog',
    advertiser: 'Facts Furniture',
  });
  const row = await pollPage({ filters: { search: 'Facts Furniture' }, all_clients: true }, (p) =>
    Boolean(p.clients[0]?.station_count),
  );

  expect(job.status).toBe('complete');
  expect(row.clients).toHaveLength(1);
  expect(row.clients[0]).toMatchObject({
    client_uid: job.client_uid,
    progress: { postlog: true, visits: false, first_report: false, pct: 33 },
    airings: job.report?.new_spots,
  });
  expect(row.clients[0]?.stations.length).toBeGreaterThan(0);
  const withCosts = await page({
    filters: { search: 'Facts Furniture', with_cba: true },
    all_clients: true,
  });
  expect(withCosts.total_clients).toBe(1);
});
