import { beforeEach, describe, expect, test } from 'vitest';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { retryImport } from '../../../../lambdas/imports/core/retry-import';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const alice = customer('alice');
const mallory = customer('mallory');
const CLEAN =
  'Station,Market,Air Date,Air Time,ISCI,Length,Cost\nWABC,501,6/1/2016,8:30 PM,AC1,30,$100\nWGN,602,6/2/2016,7:00 PM,AC2,30,$50\n';

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
  await deps.companies.addMembership('mallory', 'org-m');
  await deps.companies.putClient(acmeClient('c1'));
});

/** Uploads `text` for client c1; the worker dies at its first lake write when `crash`. */
async function upload(text: string, crash = false) {
  const { postlog_id, key } = await uploadedFile(deps, alice, text, { client_uid: 'c1' });
  deps.lake.onWrite = crash
    ? () => {
        throw new Error('worker died');
      }
    : null;
  await onObjectCreated(deps, key);
  deps.lake.onWrite = null;
  return { postlog_id, key };
}

describe('retry_import', () => {
  test('runs a stopped import again on the same file, to complete', async () => {
    const { postlog_id, key } = await upload(CLEAN, true);
    expect(await getImport(deps, alice, postlog_id)).toMatchObject({
      status: 'failed',
      retryable: true,
    });

    const retried = await retryImport(deps, alice, { postlog_id });
    // The announced file starts the import worker, as the upload did.
    await onObjectCreated(deps, key);

    expect(retried.status).toBe('awaiting_upload');
    expect(deps.uploads.announced).toEqual([key]);
    const job = await getImport(deps, alice, postlog_id);
    expect(job).toMatchObject({ status: 'complete', retryable: false, message: '' });
    expect(job.report?.new_spots).toBe(2);
    expect(deps.lake.allAirings('c1')).toHaveLength(2);
  });

  test('a second retry while the first runs is refused', async () => {
    const { postlog_id } = await upload(CLEAN, true);
    await retryImport(deps, alice, { postlog_id });

    await expect(retryImport(deps, alice, { postlog_id })).rejects.toMatchObject({ status: 409 });
    expect(deps.uploads.announced).toHaveLength(1);
  });

  test('a file refused for what it holds is not retried', async () => {
    const { postlog_id } = await upload(`Station,Market\n${'x'.repeat(5000)},501\n`);
    expect((await getImport(deps, alice, postlog_id)).retryable).toBe(false);

    await expect(retryImport(deps, alice, { postlog_id })).rejects.toMatchObject({
      status: 409,
      message: 'This file cannot be imported as it is; upload a corrected file.',
    });
  });

  test('a completed import is not retried', async () => {
    const { postlog_id } = await upload(CLEAN);

    await expect(retryImport(deps, alice, { postlog_id })).rejects.toMatchObject({ status: 409 });
  });

  test("another organisation's user cannot retry (404) and nothing is announced", async () => {
    const { postlog_id } = await upload(CLEAN, true);

    await expect(retryImport(deps, mallory, { postlog_id })).rejects.toMatchObject({
      status: 404,
    });
    expect(deps.uploads.announced).toEqual([]);
    expect((await getImport(deps, alice, postlog_id)).status).toBe('failed');
  });

  test('a file no longer kept fails again with a reason to upload it anew', async () => {
    const { postlog_id, key } = await upload(CLEAN, true);
    deps.uploads.objects.delete(key);

    await expect(retryImport(deps, alice, { postlog_id })).rejects.toMatchObject({
      status: 409,
      message: 'The file of this import is no longer kept; upload it again.',
    });
    expect(await getImport(deps, alice, postlog_id)).toMatchObject({
      status: 'failed',
      message: 'The file of this import is no longer kept; upload it again.',
    });
  });
});
