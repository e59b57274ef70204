import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startVisitsRead } from '../../../bin/cli/visits-read';
import { readVisitsFile } from '../../../lambdas/imports/core/read-visits-file';

// Inside the project, so the bundle finds its packages as the CLI's cached bundles do (a fresh
// clone has no node_modules/.cache until something writes there).
const cache = join('node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'ao-visits-read-'));
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

  test('without the bundles (tsx, tests) the file is read on this thread, with the same result', async () => {
    const path = file('small.csv', `${HEADER}\n2016-06-01T00:00:00Z,501,3,1,4,\n`);

    const read = startVisitsRead(path, undefined);

    expect(await read.result).toEqual(await readVisitsFile(path));
  });
});
