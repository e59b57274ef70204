import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startVisitsRead } from '../../../bin/cli/visits-read';
import { airingsForSeries, seriesAirings } from '../../../bin/cli/worker-messages';
import { buildReportSeries } from '../../../lambdas/attribution/core/report-series';
import type { Airing } from '../../../lambdas/attribution/core/types';
import { buildVisitDataColumns } from '../../../lambdas/attribution/core/visit-data';
import { readVisitsFile } from '../../../lambdas/imports/core/read-visits-file';

// Inside the project, so the bundle finds its packages as the CLI's cached bundles do.
const dir = mkdtempSync(join('node_modules', '.cache', 'ao-visits-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The worker's bundle, named as run-bundled.mjs names it.
beforeAll(async () => {
  await build({
    entryPoints: ['bin/cli/visits-worker.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: join(dir, 'bin_cli_visits-worker.mjs'),
    logLevel: 'error',
  });
});

const HEADER = 'minute_utc,dma_code,sessions,new_users,pageviews,engaged_sessions';

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('the CLI reads the visits on a worker thread', () => {
  test('the columns, row errors and counts are those readVisitsFile gives on this thread', async () => {
    const rows = [HEADER];
    for (let m = 0; m < 3000; m++) {
      const t = new Date(Date.UTC(2016, 5, 1) + m * 60_000).toISOString();
      rows.push(
        `${t},${m % 3 === 0 ? '' : 500 + (m % 7)},${m % 11},${m % 5}.5,${m % 13},${m % 4 ? m % 2 : ''}`,
      );
    }
    rows.push('2016-06-01T00:00:30Z,501,1,1,1,1', '2016-06-01T00:01:00Z,5O1,1,1,1,1');
    const path = file('visits.csv', `${rows.join('\n')}\n`);

    const inWorker = await startVisitsRead(path, dir).result;
    const here = await readVisitsFile(path);

    expect(inWorker).toEqual(here);
    expect(inWorker.error_count).toBe(2);
    expect(inWorker.sessions).toBeInstanceOf(Float64Array);
  });

  test('an unknown header and a missing file fail with the messages of the reader itself', async () => {
    const bad = file('bad-header.csv', 'when,where,sessions\n2016-06-01T00:00:00Z,501,1\n');
    const missing = join(dir, 'absent.csv');

    for (const path of [bad, missing]) {
      const inWorker = await startVisitsRead(path, dir).result.catch((e: Error) => e.message);
      const here = await readVisitsFile(path).catch((e: Error) => e.message);
      expect(inWorker).toBe(here);
      expect(inWorker).toMatch(path === bad ? /Unrecognised visits header/ : /ENOENT/);
    }
  });

  test('a worker bundle that cannot start leaves the read to this thread, with the same result', async () => {
    const broken = mkdtempSync(join(dir, 'broken-'));
    writeFileSync(join(broken, 'bin_cli_visits-worker.mjs'), 'throw new Error("no start");\n');
    const path = file('small-broken.csv', `${HEADER}\n2016-06-01T00:00:00Z,501,3,1,4,\n`);

    const read = startVisitsRead(path, broken);

    expect(await read.result).toEqual(await readVisitsFile(path));
  });

  test("the chart series built on the reader thread (from the airings' starts, markets and impressions) is the one built here from the whole airings", async () => {
    const rows = ['minute_utc,dma_code,sessions,new_users,pageviews'];
    const start = Date.UTC(2016, 5, 1) / 1000;
    for (let m = 0; m < 4 * 7 * 1440 + 2 * 1440; m++) {
      const t = new Date((start + m * 60) * 1000).toISOString();
      rows.push(`${t},501,${(m * 7) % 5},1,1`, `${t},803,${(m * 3) % 4},1,1`);
    }
    const path = file('series.csv', `${rows.join('\n')}\n`);
    const day = start + 4 * 7 * 86_400;
    // Every field the series does not read varies, so one it started to read would show.
    const kinds = ['tv', 'radio', 'cable', 'streaming', 'podcast'] as const;
    const airings: Airing[] = Array.from({ length: 40 }, (_, i) => ({
      id: `a${i}`,
      startUtc: day + i * 3517,
      market: i % 7 === 0 ? 'national' : i % 2 ? '501' : '803',
      tz: i % 3 ? 'America/New_York' : 'America/Los_Angeles',
      station: `W${i % 5}`,
      stationType: kinds[i % 5] as Airing['stationType'],
      network: i % 4 ? null : 'ABC',
      program: i % 3 ? `P${i % 4}` : null,
      cableZone: null,
      creative: `AC${i % 3}`,
      lengthS: 15 * (1 + (i % 4)),
      costCents: i % 2 ? 100 * i : null,
      impressions: i % 3 === 0 ? 1000 + i : null,
    }));
    const options = { windowMinutes: 8, fromUtc: day, toUtc: day + 2 * 86_400 };

    const read = startVisitsRead(path, dir);
    read.shareAirings(airings);
    const v = await read.result;
    const visits = buildVisitDataColumns(
      { bucketUtc: v.bucketUtc, dmaIndex: v.dmaIndex, dmaCodes: v.dmaCodes, values: v.sessions },
      v.resolution,
    );
    const series = await read.series(airings, visits, options);

    const here = buildReportSeries(airings, visits, options);
    expect(series).toEqual(here);
    expect(buildReportSeries(airingsForSeries(seriesAirings(airings)), visits, options)).toEqual(
      here,
    );
    expect(series.points.some((p) => p.airings > 0)).toBe(true);
  });

  test('without the bundles (tsx, tests) the file is read on this thread, with the same result', async () => {
    const path = file('small.csv', `${HEADER}\n2016-06-01T00:00:00Z,501,3,1,4,\n`);

    const read = startVisitsRead(path, undefined);

    expect(await read.result).toEqual(await readVisitsFile(path));
  });
});
