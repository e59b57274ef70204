import { beforeEach, describe, expect, test } from 'vitest';
import type { ImportJob } from '#shared/contracts/postlog.schema';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { DYNAMODB_ITEM_LIMIT, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const alice = customer('alice', 'a@x.com');
const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';
const row = (i: number, station = 'WABC') =>
  `${station},501,6/${(i % 28) + 1}/2016,8:${String(i % 60).padStart(2, '0')} PM,AC${i},30,$100`;

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
});

/** Uploads `text` as a post-log and runs the import worker on it; returns the job. */
async function imported(text: string): Promise<ImportJob> {
  const { postlog_id, key } = await uploadedFile(deps, alice, text);
  await onObjectCreated(deps, key).catch(() => undefined);
  return getImport(deps, alice, postlog_id);
}

const messages = (job: ImportJob) => [
  ...(job.report?.errors ?? []).map((e) => e.message),
  ...(job.message ? [job.message] : []),
];
const recordBytes = (job: ImportJob) =>
  Buffer.byteLength(JSON.stringify(deps.jobs.jobs.get(job.postlog_id)));

describe('error messages quote at most 80 characters of a cell', () => {
  test('a stray quote yields a short error, never the lines that follow', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i));
    rows[1] = rows[1]!.replace(',6/', ',"6/');

    const job = await imported(`${HEADER}\n${rows.join('\n')}\n`);

    expect(job.status).not.toBe('uploaded');
    const all = messages(job);
    expect(all.length).toBeGreaterThan(0);
    for (const message of all) {
      expect(message.length).toBeLessThanOrEqual(200);
      expect(message).not.toContain('\n');
    }
    expect(all.some((m) => m.includes('…'))).toBe(true);
  });
});

describe('no value from the file can push the job record past DynamoDB 400 KB', () => {
  test('a 1 MB cell ends the job in a final state with a small record', async () => {
    const job = await imported(`${HEADER}\n${row(1, 'W'.repeat(1 << 20))}\n${row(2)}\n`);

    expect(['complete', 'review', 'failed']).toContain(job.status);
    expect(recordBytes(job)).toBeLessThan(DYNAMODB_ITEM_LIMIT / 4);
  });

  test('200 columns with 4,000-character names end the job in a final state', async () => {
    const names = Array.from({ length: 193 }, (_, i) => `${i}`.padEnd(4000, 'x'));
    const text = `${HEADER},${names.join(',')}\n${row(1)}${',0'.repeat(193)}\n`;

    const job = await imported(text);

    expect(['complete', 'review', 'failed']).toContain(job.status);
    expect(recordBytes(job)).toBeLessThan(DYNAMODB_ITEM_LIMIT / 4);
  });

  test('5,000 bad rows: the first 100 errors are listed and all are counted', async () => {
    const bad = Array.from({ length: 5000 }, (_, i) => row(i).replace(',501,', ',999,'));

    const job = await imported(`${HEADER}\n${row(1)}\n${bad.join('\n')}\n`);

    expect(job.status).toBe('review');
    expect(job.report?.errors).toHaveLength(100);
    expect(job.report?.error_count).toBe(5000);
    expect(job.report?.note).toContain('Showing the first 100 of 5000 errors.');
  });

  test('300 new stations: the first 100 are listed and the rest counted', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(i, `W${String(i).padStart(3, '0')}`));

    const job = await imported(`${HEADER}\n${rows.join('\n')}\n`);

    expect(job.status).toBe('complete');
    expect(job.report?.newstations).toHaveLength(100);
    expect(job.report?.newstations[0]).toBe('W000');
    expect(job.report?.note).toContain('…and 200 more new stations.');
  });
});
