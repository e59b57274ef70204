import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { importFile } from '../../lib/local/import-file';
import { realAiringsPath } from '../../lib/local/postlog-slice';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { announceSkip } from '../support/real-data';
import { bootStack, gatewayImports, type TestStack, teardown, tempStackDir } from './support/stack';

const realAirings = realAiringsPath(resolveDataDir());
announceSkip(
  Boolean(realAirings),
  'real post-log attribution through the local stack',
  resolveDataDir(),
);
const dir = tempStackDir();
let local: TestStack | undefined;

// Two weeks of October 2016 get simulated visits (the whole file stays in the post-log).
const FROM = Date.parse('2016-10-03T00:00:00Z') / 1000;
const TO = Date.parse('2016-10-17T00:00:00Z') / 1000;

beforeAll(async () => {
  if (realAirings) local = await bootStack(dir, false);
}, 120_000);

afterAll(() => teardown(local, dir));

test.skipIf(!realAirings)(
  `the real 2016 airings.csv imports whole and attributes simulated visits near the truth${realAirings ? '' : ' (skipped: ../shared/data not present)'}`,
  async () => {
    // Prepare: simulated visits for two weeks of the real post-log.
    const url = local!.stack.url;
    const visitsFile = join(dir, 'real-visits.csv');
    const truth = await writeSimulatedVisits(realAirings!, visitsFile, {
      dataDir: resolveDataDir(),
      seed: 2016,
      dailyVisits: 20000,
      range: { fromUtc: FROM, toUtc: TO },
    });

    // Act: the real file and the visits through the gateway, then a report on those two weeks.
    const airings = await importFile(
      gatewayImports(url, local!.token),
      { path: realAirings!, kind: 'postlog', advertiser: 'Presidential 2016' },
      180_000,
    );
    const clientUid = airings.client_uid;
    const visits = await importFile(
      gatewayImports(url, local!.token),
      { path: visitsFile, kind: 'visits', clientUid },
      180_000,
    );
    const run = await waitForReport(
      url,
      clientUid,
      { date_start: '2016-10-03', date_end: '2016-10-16' },
      local!.token,
      180_000,
    );
    const report = await callApi<ReportDocument>(
      url,
      'get_report',
      { client_uid: clientUid, report_id: run.report_id },
      local!.token,
    );

    // Assert
    expect(airings.status).toBe('complete');
    expect(airings.report?.new_spots).toBeGreaterThan(80_000);
    expect(visits.status).toBe('complete');
    expect(report.summary.airings).toBeGreaterThan(truth.airings * 0.95);
    expect(report.summary.airings).toBeLessThan(truth.airings * 1.05);
    expect(report.summary.attributed_visits).toBeGreaterThan(truth.injectedVisits * 0.7);
    expect(report.summary.attributed_visits).toBeLessThan(truth.injectedVisits * 1.3);
  },
  300_000,
);
