import { describe, expect, test } from 'vitest';
import { type ReportDocument, storedViewOf } from '#shared/contracts/report.schema';
import { blankCreative } from '#shared/creatives/creatives';
import { MemoryCreatives } from '#shared/creatives/memory-creatives';
import { NotFound, ValidationError } from '#shared/errors';
import { getReport, ReportViewCache } from '../../../../lambdas/reports/core/get-report';
import { broadcastRow } from '../../../support/broadcast-row';
import {
  alice,
  allowancePorts,
  client,
  countingReads,
  memoryPorts,
  seededCompanies,
} from '../fakes';
import { reportDocument } from '../support/report-documents';

function doc(clientUid: string, reportId: string): ReportDocument {
  const row = {
    airing_id: 'a',
    start_utc: '2024-03-04T15:00:00.000Z',
    station: 'WABC',
    dma_code: '501',
    observed: 1,
    expected: 1,
    attributed_visits: 0,
    p_value: 0.5,
    ci_low: -1,
    ci_high: 1,
  };
  return reportDocument(clientUid, reportId, {
    sample_data: clientUid === 'demo-1',
    airings: [row, { ...row, airing_id: 'b' }],
  });
}

async function setup(activePlans: string[] = []) {
  const companies = await seededCompanies();
  for (const uid of ['client-c', 'client-d'])
    await companies.putClient(client({ client_uid: uid, latest_report_id: `r-${uid}` }));
  const { store } = memoryPorts();
  await store.putJson('reports/client-a/r-old.json', doc('client-a', 'r-old'));
  await store.putJson('reports/client-a/r-new.json', doc('client-a', 'r-new'));
  await store.putJson('reports/client-b/r-b.json', doc('client-b', 'r-b'));
  await store.putJson('reports/demo-1/r-demo.json', doc('demo-1', 'r-demo'));
  await companies.updateClient('client-a', { latest_report_id: 'r-new' });
  await companies.updateClient('client-b', { latest_report_id: 'r-b' });
  await companies.updateClient('demo-1', { latest_report_id: 'r-demo' });
  await store.putJson('reports/client-c/r-client-c.json', doc('client-c', 'r-client-c'));
  await store.putJson('reports/client-d/r-client-d.json', doc('client-d', 'r-client-d'));
  return { deps: { companies, store, ...allowancePorts(activePlans) } };
}

describe('getReport', () => {
  test('returns the latest report without the airing list, with its airing count', async () => {
    const { deps } = await setup();

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(view.report_id).toBe('r-new');
    expect(view.airing_count).toBe(2);
    expect(view).not.toHaveProperty('airings');
  });

  test('returns an older report when asked by id', async () => {
    const { deps } = await setup();

    expect(
      (await getReport(deps, alice, { client_uid: 'client-a', report_id: 'r-old' })).report_id,
    ).toBe('r-old');
  });

  test("answers not found for another organisation's client", async () => {
    const { deps } = await setup();

    await expect(getReport(deps, alice, { client_uid: 'client-b' })).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  test("answers not found for another client's report id under a readable client", async () => {
    const { deps } = await setup();

    await expect(
      getReport(deps, alice, { client_uid: 'client-a', report_id: 'r-b' }),
    ).rejects.toThrow('Report not found.');
  });

  test('reads the demo client for any signed-in user', async () => {
    const { deps } = await setup();

    const view = await getReport(deps, alice, { client_uid: 'demo-1' });

    expect(view).toMatchObject({ report_id: 'r-demo', sample_data: true });
  });

  test('answers report not found when the client has none yet', async () => {
    const { deps } = await setup();
    await deps.companies.updateClient('client-a', { latest_report_id: null });

    await expect(getReport(deps, alice, { client_uid: 'client-a' })).rejects.toThrow(
      'Report not found.',
    );
  });

  test('rejects a report id that could escape its folder', async () => {
    const { deps } = await setup();

    await expect(
      getReport(deps, alice, { client_uid: 'client-a', report_id: '../client-b/r-b' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  test('a first look at a report shows neither the paywall nor the free-report box', async () => {
    const { deps } = await setup();

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(view).toMatchObject({ max_reports: false, free_report: false });
  });

  test('a report on one of the two free clients shows the free-report info box', async () => {
    const { deps } = await setup();
    await deps.usage.claim('alice', 'client-a', 2);

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(view).toMatchObject({ max_reports: false, free_report: true });
  });

  test('after two free clients, a report on a third client is behind the paywall', async () => {
    const { deps } = await setup();
    await deps.usage.claim('alice', 'client-c', 2);
    await deps.usage.claim('alice', 'client-d', 2);

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(view).toMatchObject({ max_reports: true, free_report: false });
    expect(view.tables).toBeDefined();
  });

  test('the insights panel is not in the API answer behind the paywall, and is with a plan', async () => {
    const locked = await setup();
    await locked.deps.usage.claim('alice', 'client-c', 2);
    await locked.deps.usage.claim('alice', 'client-d', 2);
    const open = await setup(['alice']);
    await open.deps.usage.claim('alice', 'client-c', 2);
    await open.deps.usage.claim('alice', 'client-d', 2);

    const lockedView = await getReport(locked.deps, alice, { client_uid: 'client-a' });
    const paidView = await getReport(open.deps, alice, { client_uid: 'client-a' });

    expect(lockedView.insights).toBeNull();
    expect(paidView.insights?.[0]).toMatch(/95% confidence/);
  });

  test.each([
    ['the demo client', alice, 'demo-1', []],
    ['a user with an active plan', alice, 'client-a', ['alice']],
    ['staff', { ...alice, staff: true }, 'client-a', []],
  ])('%s is never behind the paywall', async (_what, caller, clientUid, plans) => {
    const { deps } = await setup(plans);
    await deps.usage.claim('alice', 'client-c', 2);
    await deps.usage.claim('alice', 'client-d', 2);

    const view = await getReport(deps, caller, { client_uid: clientUid });

    expect(view).toMatchObject({ max_reports: false, free_report: false });
  });

  test('viewing a report does not use a free report', async () => {
    const { deps } = await setup();

    await getReport(deps, alice, { client_uid: 'client-a' });

    expect(await deps.usage.freeClients('alice')).toEqual([]);
  });

  test('serves the stored view without reading the per-airing document', async () => {
    const { deps } = await setup();
    const published = { ...storedViewOf(doc('client-a', 'r-new')), advertiser: 'From the view' };
    await deps.store.putJson('reports/client-a/r-new/view.json', published);
    const { store, reads: keys } = countingReads(deps.store);

    const view = await getReport({ ...deps, store }, alice, { client_uid: 'client-a' });

    expect(view).toMatchObject({ advertiser: 'From the view', airing_count: 2 });
    expect(keys).toEqual(['reports/client-a/r-new/view.json']);
  });

  test('a warm container reads a view once, yet the paywall flags follow the caller each time', async () => {
    const { deps } = await setup();
    const cache = new ReportViewCache();
    const { store, reads } = countingReads(deps.store);
    const warm = { ...deps, store, cache };

    const first = await getReport(warm, alice, { client_uid: 'client-a' });
    await deps.usage.claim('alice', 'client-c', 2);
    await deps.usage.claim('alice', 'client-d', 2);
    const again = await getReport(warm, alice, { client_uid: 'client-a' });

    expect(reads).toHaveLength(2); // the view key misses once, then the old-style document is read
    expect(first.max_reports).toBe(false);
    expect(again).toMatchObject({ report_id: 'r-new', max_reports: true });
  });

  test('a report missing from a warm container is found once it is stored', async () => {
    const { deps } = await setup();
    const cache = new ReportViewCache();
    await deps.companies.updateClient('client-a', { latest_report_id: 'r-later' });

    await expect(getReport({ ...deps, cache }, alice, { client_uid: 'client-a' })).rejects.toThrow(
      'Report not found.',
    );
    await deps.store.putJson('reports/client-a/r-later.json', doc('client-a', 'r-later'));

    expect((await getReport({ ...deps, cache }, alice, { client_uid: 'client-a' })).report_id).toBe(
      'r-later',
    );
  });
});

describe('getReport with named creatives', () => {
  test('shows the name a user gave a creative in the Creative table, keeping its key', async () => {
    const { deps } = await setup();
    const stored = doc('client-a', 'r-new');
    stored.tables = { creative: [broadcastRow('MATT-30A', 2, 0)] } as ReportDocument['tables'];
    await deps.store.putJson('reports/client-a/r-new.json', stored);
    const creatives = new MemoryCreatives();
    await creatives.put({
      ...blankCreative('client-a', 'MATT-30A', new Date('2024-04-02T00:00:00Z')),
      name: 'Spring sale :30',
    });

    const view = await getReport({ ...deps, creatives }, alice, { client_uid: 'client-a' });

    expect(view.tables.creative?.map((r) => [r.key, r.label])).toEqual([
      ['MATT-30A', 'Spring sale :30'],
    ]);
  });
});
