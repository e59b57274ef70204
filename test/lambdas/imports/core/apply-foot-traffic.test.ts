import { beforeEach, describe, expect, test } from 'vitest';
import { confirmImport } from '../../../../lambdas/imports/core/confirm-import';
import { createUpload } from '../../../../lambdas/imports/core/create-upload';
import { footTrafficRows } from '../../../../lambdas/imports/core/foot-traffic-builder';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const alice = customer('alice');
const mallory = customer('mallory');
const HEAD = 'hour_utc,location_id,dma_code,visits\n';
const CLEAN = `${HEAD}2016-06-01T23:00:00Z,"Store #12",501,37\n2016-06-01T23:00:00Z,S7,,4\n2016-06-02T00:00:00Z,"Store #12",501,5\n`;
const t = (iso: string) => Date.parse(iso) / 1000;

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
  await deps.companies.addMembership('mallory', 'org-m');
  await deps.companies.putClient(acmeClient('c1'));
});

/** create_upload for client c1, the browser's PUT, then the S3 event. */
async function send(text: string) {
  const { postlog_id, key } = await uploadedFile(deps, alice, text, {
    kind: 'foot_traffic',
    file_name: 'stores.csv',
    client_uid: 'c1',
  });
  await onObjectCreated(deps, key);
  return postlog_id;
}

const stored = (date: string) => footTrafficRows(deps.lake.footTraffic.get(`c1/hour/${date}`)!);

describe('foot-traffic import', () => {
  test('a clean file completes and lands in one partition per UTC day', async () => {
    const job = await getImport(deps, alice, await send(CLEAN));

    expect(job).toMatchObject({ kind: 'foot_traffic', status: 'complete', client_uid: 'c1' });
    expect(job.headers).toEqual(['hour_utc', 'location_id', 'dma_code', 'visits']);
    expect(job.report).toMatchObject({ rows: 3, new_spots: 3, updated_spots: 0, error_count: 0 });
    expect(job.report?.note).toBe('3 hour rows for 2 locations over 2 UTC days.');
    expect([...deps.lake.footTraffic.keys()].sort()).toEqual([
      'c1/hour/2016-06-01',
      'c1/hour/2016-06-02',
    ]);
    expect(stored('2016-06-01')).toEqual([
      { bucketUtc: t('2016-06-01T23:00:00Z'), locationId: 'S7', dmaCode: '', visits: 4 },
      { bucketUtc: t('2016-06-01T23:00:00Z'), locationId: 'Store #12', dmaCode: '501', visits: 37 },
    ]);
    expect(deps.lake.visits.size).toBe(0);
  });

  test("the file's stores become the client's known stores, each with its market", async () => {
    await send(CLEAN);

    expect(await deps.knownStores.listKnownStores('c1')).toEqual([
      { store_id: 'S7', dma_code: '' },
      { store_id: 'Store #12', dma_code: '501' },
    ]);
  });

  test('importing the same file again adds and writes nothing', async () => {
    await send(CLEAN);
    const writes = deps.lake.writes;

    const again = await getImport(deps, alice, await send(CLEAN));

    expect(again.report).toMatchObject({ new_spots: 0, updated_spots: 0, unchanged_spots: 3 });
    expect(deps.lake.writes).toBe(writes);
    expect(stored('2016-06-01')).toHaveLength(2);
  });

  test('a changed count updates the (hour, location) row instead of adding one', async () => {
    await send(CLEAN);

    const job = await getImport(deps, alice, await send(CLEAN.replace(',501,37', ',501,40')));

    expect(job.report).toMatchObject({ new_spots: 0, updated_spots: 1, unchanged_spots: 2 });
    expect(stored('2016-06-01').map((r) => r.visits)).toEqual([4, 40]);
  });

  test('a file with errors changes nothing until the user confirms the clean rows', async () => {
    const postlogId = await send(
      `${CLEAN}2016-06-02T00:30:00Z,S7,,1\n2016-06-02T01:00:00Z,S7,NYC,2\n`,
    );

    const review = await getImport(deps, alice, postlogId);
    expect(review.status).toBe('review');
    expect(review.report?.errors).toEqual([
      {
        row: 4,
        field: 'hour_utc',
        message: 'Unreadable hour_utc "2016-06-02T00:30:00Z" (UTC ISO-8601 on a whole hour).',
      },
      {
        row: 5,
        field: 'dma_code',
        message: 'Unreadable dma_code "NYC" (digits, or empty for unknown).',
      },
    ]);
    expect(deps.lake.writes).toBe(0);

    const done = await confirmImport(deps, alice, { postlog_id: postlogId });

    expect(done.status).toBe('complete');
    expect(done.report).toMatchObject({ rows: 5, new_spots: 3, error_count: 2 });
    expect(deps.lake.footTraffic.size).toBe(2);
  });

  test('another header fails the job with a message naming both layouts', async () => {
    const job = await getImport(deps, alice, await send('date,store,visits\n2016-06-01,S1,4\n'));

    expect(job.status).toBe('failed');
    expect(job.message).toBe(
      'Unrecognised foot-traffic header "date,store,visits": expected "minute_utc,location_id,dma_code,visits" or "hour_utc,location_id,dma_code,visits".',
    );
    expect(deps.lake.writes).toBe(0);
  });

  test('needs a client, and one the caller may write', async () => {
    const input = { kind: 'foot_traffic' as const, file_name: 'f.csv', content_type: 'text/csv' };

    await expect(createUpload(deps, alice, input)).rejects.toMatchObject({
      status: 400,
      message: 'Choose the client this foot traffic belongs to.',
    });
    await expect(createUpload(deps, mallory, { ...input, client_uid: 'c1' })).rejects.toMatchObject(
      { status: 404 },
    );
  });
});
