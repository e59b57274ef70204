import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'ao-timings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run attribute -- --timings', () => {
  test('prints one timing line per stage on stderr, in order, and leaves the report alone (bundled as npm runs it)', async () => {
    const postlog = join(dir, 'log.csv');
    writeFileSync(
      postlog,
      'Station,Market,Air Date,Air Time,ISCI,Length,Cost\nWABC,501,6/1/2016,8:30 PM,AC1,30,$100\n',
    );
    const visits = join(dir, 'visits.csv');
    writeFileSync(
      visits,
      'minute_utc,dma_code,sessions,new_users,pageviews\n2016-06-02T00:30:00Z,501,3,1,4\n',
    );
    const out = join(dir, 'report.json');
    const args = ['--postlog', postlog, '--visits', visits, '--out', out];

    const plain = await run('node', ['--import', 'tsx', 'bin/attribute.ts', ...args]);
    // As package.json's script runs it: from the cached bundle.
    const bundled = ['bin/cli/run-bundled.mjs', 'bin/attribute.ts'];
    const timed = await run('node', [...bundled, ...args, '--timings']);

    const lines = timed.stderr.split('\n').filter((l) => l.startsWith('timing '));
    expect(lines.map((l) => l.split(' ')[1])).toEqual([
      'read-postlog',
      'read-visits',
      'series',
      'attribute',
      'report',
      'write-json',
      'total',
    ]);
    for (const line of lines) expect(line).toMatch(/^timing [a-z-]+ \d+\.\d{3} s$/);
    expect(plain.stderr).not.toContain('timing ');
    expect(timed.stdout).toBe(plain.stdout);
    expect(JSON.parse(readFileSync(out, 'utf8')).summary).toBeDefined();
  });
});
