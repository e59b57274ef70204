import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { gatewayImports, stackForFile } from './support/stack';

const local = stackForFile();

test('a post-log and visits uploaded through the gateway become a report close to the simulated truth', async () => {
  // Prepare: a generated two-week post-log and the simulator's visits for it.
  const url = local.stack.url;
  const postlog = join(local.dir, 'acme-postlog.csv');
  writeFileSync(postlog, demoPostlogCsv({ weeks: 2, spotsPerDay: 8, seed: 11 }));
  const visitsFile = join(local.dir, 'acme-visits.csv');
  const truth = await writeSimulatedVisits(postlog, visitsFile, {
    dataDir: resolveDataDir(),
    seed: 11,
  });

  // Act: upload both like the browser, then run a report like the report screen.
  const airings = await importFile(gatewayImports(url, local.token), {
    path: postlog,
    kind: 'postlog',
    advertiser: 'Acme Furniture',
  });
  const clientUid = airings.client_uid;
  const visits = await importFile(gatewayImports(url, local.token), {
    path: visitsFile,
    kind: 'visits',
    clientUid,
  });
  const run = await waitForReport(url, clientUid, {}, local.token);
  const report = await callApi<ReportDocument>(
    url,
    'get_report',
    { client_uid: clientUid, report_id: run.report_id },
    local.token,
  );

  // Assert
  expect(airings.status).toBe('complete');
  expect(airings.report?.new_spots).toBe(truth.airings);
  expect(visits.status).toBe('complete');
  const { clients } = await callApi<{
    clients: { client_uid: string; name: string; airings: number }[];
  }>(url, 'fetch_companies', {}, local.token);
  expect(clients).toContainEqual(
    expect.objectContaining({
      client_uid: clientUid,
      name: 'Acme Furniture',
      airings: truth.airings,
    }),
  );
  expect(report.summary.airings).toBe(truth.airings);
  expect(Object.values(report.tables).some((rows) => Array.isArray(rows) && rows.length > 0)).toBe(
    true,
  );
  expect(report.summary.attributed_visits).toBeGreaterThan(truth.injectedVisits * 0.75);
  expect(report.summary.attributed_visits).toBeLessThan(truth.injectedVisits * 1.25);
}, 120_000);
