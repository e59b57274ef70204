import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runAttributeCommand } from '../../../bin/cli/attribute-command';

const dir = mkdtempSync(join(tmpdir(), 'ao-attribute-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';
const GOOD = 'WABC,501,6/1/2016,8:30 PM,AC1,30,$100';

/** Writes a post-log whose rows are `rows` and a one-row visits file; returns the flags. */
function files(name: string, rows: string[]) {
  const postlog = join(dir, `${name}.csv`);
  writeFileSync(postlog, `${HEADER}\n${rows.join('\n')}\n`);
  const visits = join(dir, `${name}-visits.csv`);
  writeFileSync(
    visits,
    'minute_utc,dma_code,sessions,new_users,pageviews\n2016-06-02T00:30:00Z,501,3,1,4\n',
  );
  return { postlog, visits };
}

describe('npm run attribute with bad rows', () => {
  test('names every bad row with its row number, field and reason', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => GOOD.replace('AC1', `AC${i}`));
    rows[2] = 'WABC,999,6/1/2016,8:30 PM,AC1,30,$100';
    rows[10] = 'WABC,501,6/1/2016,8:30 PM,AC1,thirty,$100';
    rows[11] = ',501,6/1/2016,9:30 PM,AC1,30,$100';
    const flags = files('three-bad', rows);

    const error = await runAttributeCommand(flags).then(
      () => null,
      (e: Error) => e,
    );

    expect(error?.message.split('\n')).toEqual([
      `${flags.postlog}: 3 errors:`,
      '  row 3, field market: Unknown DMA code 999.',
      '  row 11, field length: Unreadable length "thirty".',
      '  row 12, field station: Station is blank.',
    ]);
  });

  test('lists the first 100 bad rows and counts the rest', async () => {
    const rows = Array.from({ length: 130 }, (_, i) => `WABC,999,6/1/2016,8:30 PM,A${i},30,$1`);
    const flags = files('many-bad', rows);

    const error = await runAttributeCommand(flags).then(
      () => null,
      (e: Error) => e,
    );

    const lines = error?.message.split('\n') ?? [];
    expect(lines[0]).toBe(`${flags.postlog}: 130 errors (the first 100 listed):`);
    expect(lines.filter((l) => /^ {2}row \d+, field market: /.test(l))).toHaveLength(100);
    expect(lines[100]).toBe('  row 100, field market: Unknown DMA code 999.');
    expect(lines[101]).toBe('  …and 30 more.');
  });

  test('names every bad visits row as well', async () => {
    const flags = files('good', [GOOD]);
    writeFileSync(
      flags.visits,
      'minute_utc,dma_code,sessions,new_users,pageviews\n2016-06-02T00:30:00Z,501,x,1,4\n2016-06-02T00:31:00Z,5O1,3,1,4\n',
    );

    const error = await runAttributeCommand(flags).then(
      () => null,
      (e: Error) => e,
    );

    expect(error?.message.split('\n')).toEqual([
      `${flags.visits}: 2 errors:`,
      '  row 1, field sessions: Unreadable sessions "x" (a non-negative number).',
      '  row 2, field dma_code: Unreadable dma_code "5O1" (digits, or empty for unknown).',
    ]);
  });
});
