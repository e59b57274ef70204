import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Location } from '#shared/contracts/locations.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedFootTraffic, writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { gatewayImports, stackForFile } from './support/stack';

const local = stackForFile();

const nineToFive = { open: '09:00', close: '17:00' };
const WEEKDAYS_ONLY = {
  mon: nineToFive,
  tue: nineToFive,
  wed: nineToFive,
  thu: nineToFive,
  fri: nineToFive,
  sat: null,
  sun: null,
};

test('opening hours set on an imported store cut its store visits in the next report, which names it by its nickname', async () => {
  // Prepare: a client with a post-log, website visits and hourly foot traffic (two stores per DMA).
  const url = local.stack.url;
  const call = <T>(name: string, input: Record<string, unknown>) =>
    callApi<T>(url, name as never, input, local.token);
  const postlog = join(local.dir, 'stores-postlog.csv');
  writeFileSync(postlog, demoPostlogCsv({ weeks: 2, spotsPerDay: 8, seed: 5 }));
  const visitsFile = join(local.dir, 'stores-visits.csv');
  await writeSimulatedVisits(postlog, visitsFile, { dataDir: resolveDataDir(), seed: 5 });
  const storesFile = join(local.dir, 'stores-foot-traffic.csv');
  await writeSimulatedFootTraffic(postlog, storesFile, {
    dataDir: resolveDataDir(),
    seed: 6,
    dailyVisits: 4_000,
  });
  const imports = gatewayImports(url, local.token);
  const airings = await importFile(imports, {
    path: postlog,
    kind: 'postlog',
    advertiser: 'Store Hours Co',
  });
  const clientUid = airings.client_uid as string;
  await importFile(imports, { path: visitsFile, kind: 'visits', clientUid });
  const ft = await importFile(imports, { path: storesFile, kind: 'foot_traffic', clientUid });
  const report = async () => {
    const run = await waitForReport(url, clientUid, {}, local.token);
    return (
      await call<ReportDocument>('get_report', { client_uid: clientUid, report_id: run.report_id })
    ).foot_traffic;
  };
  const before = await report();
  const busiest = before?.locations[0];

  // Act: find the busiest store among the imported ones, add it, nickname it, give it hours.
  const found = await call<{ results: { store_id: string; added: boolean }[] }>('find_location', {
    client_uid: clientUid,
    query: busiest?.location_id ?? '?',
  });
  const { location } = await call<{ location: Location }>('save_location', {
    client_uid: clientUid,
    store_id: busiest?.location_id,
  });
  await call('save_location_nickname', {
    client_uid: clientUid,
    uid: location.uid,
    nickname: 'Flagship',
  });
  await call('save_location_hours', {
    client_uid: clientUid,
    uid: location.uid,
    hours: WEEKDAYS_ONLY,
  });
  const twice = await fetch(new URL('/ss_rest/save_location', url), {
    method: 'POST',
    headers: { authorization: `Bearer ${local.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ client_uid: clientUid, store_id: busiest?.location_id }),
  });
  const after = await report();

  // Assert
  expect(ft.status).toBe('complete');
  expect(before?.outside_hours_excluded).toBeUndefined();
  expect(found.results).toContainEqual(
    expect.objectContaining({ store_id: busiest?.location_id, added: false }),
  );
  expect(location.timezone).toMatch(/^America\//);
  expect(twice.status).toBe(409);
  const { locations } = await call<{ locations: Location[] }>('fetch_locations', {
    client_uid: clientUid,
  });
  expect(locations).toEqual([
    expect.objectContaining({ uid: location.uid, nickname: 'Flagship', hours: WEEKDAYS_ONLY }),
  ]);
  expect(after?.outside_hours_excluded).toBe(true);
  const flagship = after?.locations.find((l) => l.location_id === busiest?.location_id);
  expect(flagship?.nickname).toBe('Flagship');
  // 40 of the week's 168 hours are open: the store keeps well under half its visits.
  expect(flagship?.visits).toBeGreaterThan(0);
  expect(flagship?.visits).toBeLessThan((busiest?.visits ?? 0) * 0.5);
  expect(after?.summary.total_visits).toBeLessThan(before?.summary.total_visits ?? 0);
  // Stores without hours count every visit, as before.
  const other = before?.locations[1];
  expect(after?.locations.find((l) => l.location_id === other?.location_id)?.visits).toBe(
    other?.visits,
  );
}, 240_000);
