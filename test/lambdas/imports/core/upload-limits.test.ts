import { beforeEach, describe, expect, test } from 'vitest';
import type { ImportKind } from '#shared/contracts/postlog.schema';
import { createUpload } from '../../../../lambdas/imports/core/create-upload';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const alice = customer('alice', 'a@x.com');
const MB = 1024 * 1024;
const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';
const GOOD = 'WABC,501,6/1/2016,8:30 PM,AC1,30,$100';
const VISITS = 'minute_utc,dma_code,sessions,new_users,pageviews';
const FOOT = 'hour_utc,location_id,dma_code,visits';

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
  await deps.companies.ensureAdvertiser('org-a', 'Acme', () => acmeClient('c1'));
});

const forKind = (kind: ImportKind) => (kind === 'postlog' ? {} : { client_uid: 'c1' });

/** Uploads `text` (stored as if it were `bytes` long) and runs the worker; returns the job. */
async function imported(kind: ImportKind, text: string, bytes?: number) {
  const input = { kind, file_name: 'f.csv', ...forKind(kind) };
  const { postlog_id, key } = await uploadedFile(deps, alice, text, input, bytes);
  await onObjectCreated(deps, key);
  return getImport(deps, alice, postlog_id);
}

describe('create_upload refuses a file over its size limit', () => {
  test.each([
    ['postlog', 50 * MB + 1, 'A post-log can be at most 50 MB; this file is 50.1 MB.'],
    ['visits', 500 * MB + 1, 'A visits file can be at most 500 MB; this file is 500.1 MB.'],
    ['foot_traffic', 600 * MB, 'A foot-traffic file can be at most 500 MB; this file is 600 MB.'],
  ] as const)('a %s of %i bytes', async (kind, size, message) => {
    await expect(
      createUpload(deps, alice, {
        kind,
        file_name: 'f.csv',
        content_type: 'text/csv',
        size_bytes: size,
        ...forKind(kind),
      }),
    ).rejects.toMatchObject({ status: 400, message });
    expect(deps.jobs.jobs.size).toBe(0);
  });

  test.each([
    ['postlog', 50 * MB],
    ['visits', 500 * MB],
  ] as const)('the presigned POST of a %s lets S3 take at most %i bytes', async (kind, max) => {
    const result = await createUpload(deps, alice, {
      kind,
      file_name: 'f.csv',
      content_type: 'text/csv',
      size_bytes: 1000,
      ...forKind(kind),
    });

    expect(deps.uploads.posts).toEqual([
      { key: expect.stringContaining(result.postlog_id), maxBytes: max, contentType: 'text/csv' },
    ]);
    expect(result.fields).toMatchObject({ key: expect.stringContaining(result.postlog_id) });
  });
});

describe('the import worker refuses a file over a limit, naming it, and applies nothing', () => {
  test('a stored post-log over 50 MB (whatever create_upload was told)', async () => {
    const job = await imported('postlog', `${HEADER}\n${GOOD}\n`, 50 * MB + 1);

    expect(job).toMatchObject({
      status: 'failed',
      message: 'A post-log can be at most 50 MB; this file is 50.1 MB.',
    });
    expect(deps.lake.writes).toBe(0);
  });

  test('a stored visits file over 500 MB', async () => {
    const job = await imported('visits', `${VISITS}\n2016-06-01T00:00:00Z,501,1,1,1\n`, 501 * MB);

    expect(job).toMatchObject({
      status: 'failed',
      message: 'A visits file can be at most 500 MB; this file is 501 MB.',
    });
    expect(deps.lake.writes).toBe(0);
  });

  test('a post-log of 500,001 rows', async () => {
    const job = await imported('postlog', `a,b\n${'1,2\n'.repeat(500_001)}`);

    expect(job).toMatchObject({
      status: 'failed',
      message: 'A post-log can have at most 500,000 rows; this one has more.',
    });
  });

  test.each([
    ['postlog', `${HEADER}\n${GOOD}\n${GOOD.replace('AC1', 'x'.repeat(5000))}\n`, 'Row 2'],
    ['visits', `${VISITS}\n2016-06-01T00:00:00Z,${'5'.repeat(5000)},1,1,1\n`, 'Row 1'],
    ['foot_traffic', `${FOOT}\n2016-06-01T00:00:00Z,"${'S'.repeat(5000)}",501,1\n`, 'Row 1'],
  ] as const)('a %s with a 5,000-character cell', async (kind, text, row) => {
    const job = await imported(kind, text);

    expect(job).toMatchObject({
      status: 'failed',
      message: `${row} has a cell longer than 4 KB (4,096 characters).`,
    });
    expect(deps.lake.writes).toBe(0);
  });

  test.each([
    ['postlog', `${HEADER}\n${GOOD}${',x'.repeat(200)}\n`, 'Row 1'],
    ['visits', `${VISITS}\n${'1,'.repeat(200)}1\n`, 'Row 1'],
    ['foot_traffic', `${FOOT}${',h'.repeat(200)}\n`, 'The header'],
  ] as const)('a %s with a record of more than 200 columns', async (kind, text, where) => {
    const job = await imported(kind, text);

    expect(job).toMatchObject({
      status: 'failed',
      message: `${where} has more than 200 columns.`,
    });
    expect(deps.lake.writes).toBe(0);
  });
});

describe('a read of the stored file that ends early', () => {
  test('stops the import as retryable, with no row blamed and nothing applied', async () => {
    // Arrange: the store says the file is longer than the bytes its stream gives (a connection
    // cut mid-read), and the bytes end inside a row.
    const text = `${VISITS}\n2016-06-01T00:00:00Z,501,1,1,1\n2016-06-01T00:01:00Z,50`;

    // Act
    const job = await imported('visits', text, Buffer.byteLength(text) + 40);

    // Assert: failed and retryable (the same file can be imported again), not 'review' with a
    // row of the wrong number of columns.
    expect(job).toMatchObject({ status: 'failed', retryable: true });
    expect(JSON.stringify(job)).not.toContain('wrong number of columns');
    expect(deps.lake.writes).toBe(0);
  });
});
