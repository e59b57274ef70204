import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'ao-run-bundled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POSTLOG =
  'Station,Market,Air Date,Air Time,ISCI,Length,Cost\nWABC,501,6/1/2016,8:30 PM,AC1,30,$100\n';
const VISITS_HEADER = 'minute_utc,dma_code,sessions,new_users,pageviews';

/** Exit code, stdout and stderr of a command that may fail. */
async function outcome(args: string[]) {
  try {
    const { stdout, stderr } = await run('node', args);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const { code, stdout, stderr } = e as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('npm run attribute from its bundles (the visits read on a worker started early)', () => {
  test('a bad visits file, a missing one and a bad post-log beside a good visits file fail as the plain command fails', async () => {
    const postlog = join(dir, 'log.csv');
    writeFileSync(postlog, POSTLOG);
    const badPostlog = join(dir, 'bad-log.csv');
    writeFileSync(badPostlog, POSTLOG.replace('WABC,501', 'WABC,999'));
    const good = join(dir, 'good.csv');
    writeFileSync(good, `${VISITS_HEADER}\n2016-06-02T00:30:00Z,501,3,1,4\n`);
    const bad = join(dir, 'bad.csv');
    writeFileSync(
      bad,
      `${VISITS_HEADER}\n2016-06-02T00:30:00Z,501,x,1,4\n2016-06-02T00:31:30Z,501,1,1,1\n`,
    );
    const header = join(dir, 'header.csv');
    writeFileSync(header, 'when,where,sessions\n2016-06-02T00:30:00Z,501,3\n');

    const cases = [
      [postlog, bad],
      [postlog, header],
      [postlog, join(dir, 'absent.csv')],
      [badPostlog, good],
    ];
    for (const [log, visits] of cases) {
      const args = ['--postlog', log as string, '--visits', visits as string];
      const plain = await outcome(['--import', 'tsx', 'bin/attribute.ts', ...args]);
      const bundled = await outcome(['bin/cli/run-bundled.mjs', 'bin/attribute.ts', ...args]);

      expect(bundled).toEqual(plain);
      expect(bundled.code).toBe(1);
      expect(bundled.stderr).toMatch(/^attribute: /m);
    }
  });

  test('--visits=FILE and a visits path given twice read the file the command reads', async () => {
    const postlog = join(dir, 'log2.csv');
    writeFileSync(postlog, POSTLOG);
    const first = join(dir, 'first.csv');
    writeFileSync(first, `${VISITS_HEADER}\n2016-06-02T00:30:00Z,501,3,1,4\n`);
    const second = join(dir, 'second.csv');
    writeFileSync(second, `${VISITS_HEADER}\n2016-06-02T00:30:00Z,501,30,1,4\n`);

    for (const flags of [[`--visits=${second}`], ['--visits', first, '--visits', second]]) {
      const args = ['--postlog', postlog, ...flags];
      const plain = await outcome(['--import', 'tsx', 'bin/attribute.ts', ...args]);
      const bundled = await outcome(['bin/cli/run-bundled.mjs', 'bin/attribute.ts', ...args]);

      expect(bundled).toEqual(plain);
      expect(bundled.code).toBe(0);
      expect(bundled.stdout).toContain('Visits              30');
    }
  });
});
