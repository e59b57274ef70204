import { beforeEach, describe, expect, test } from 'vitest';
import { confirmImport } from '../../../../lambdas/imports/core/confirm-import';
import { createUpload } from '../../../../lambdas/imports/core/create-upload';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const alice = customer('alice', 'a@x.com');
const mallory = customer('mallory', 'm@x.com');
const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';
const CLEAN = `${HEADER}\nWABC,501,6/1/2016,8:30 PM,AC1,30,$100\nWGN,602,6/2/2016,7:00 PM,AC2,:60,$50.50\n`;

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('alice', 'org-a');
  await deps.companies.addMembership('mallory', 'org-m');
});

/** create_upload, the browser's PUT, then the S3 event. */
async function upload(text: string, fileName = 'Acme Motors.csv', caller = alice) {
  const { postlog_id, key } = await uploadedFile(deps, caller, text, { file_name: fileName });
  await onObjectCreated(deps, key);
  return { postlog_id, key };
}

describe('post-log import', () => {
  test('create_upload records an awaiting job and presigns a POST of uploads/<org>/<id>/', async () => {
    const result = await createUpload(deps, alice, {
      kind: 'postlog',
      file_name: 'my log (1).csv',
      content_type: 'text/csv',
    });

    const job = await deps.jobs.get(result.postlog_id);
    expect(job).toMatchObject({
      status: 'awaiting_upload',
      advertiser: 'my log (1)',
      org_uid: 'org-a',
    });
    expect(job?.object_key).toBe(`uploads/org-a/${result.postlog_id}/my_log_1_.csv`);
    expect(result.fields.key).toBe(job?.object_key);
  });

  test('a clean file goes Uploaded -> Complete and creates the advertiser from the file name', async () => {
    const { postlog_id } = await upload(CLEAN);

    const job = await getImport(deps, alice, postlog_id);
    expect(job.status).toBe('complete');
    expect(job.report).toMatchObject({
      rows: 2,
      new_spots: 2,
      updated_spots: 0,
      unchanged_spots: 0,
      error_count: 0,
      newadvertisers: ['Acme Motors'],
      newstations: ['WABC', 'WGN'],
      newmarkets: ['501', '602'],
    });
    const client = (await deps.companies.listClientsOfOrg('org-a'))[0]!;
    expect(client).toMatchObject({
      name: 'Acme Motors',
      airings: 2,
      first_airing_utc: '2016-06-02T00:30:00.000Z',
      last_airing_utc: '2016-06-03T00:00:00.000Z',
    });
    expect(job.client_uid).toBe(client.client_uid);
    expect(deps.lake.allAirings(client.client_uid).map((a) => a.cost_cents)).toEqual([10000, 5050]);
  });

  test('importing the same file twice adds nothing the second time', async () => {
    await upload(CLEAN);
    const { postlog_id } = await upload(CLEAN);

    const job = await getImport(deps, alice, postlog_id);
    expect(job.report).toMatchObject({
      new_spots: 0,
      updated_spots: 0,
      unchanged_spots: 2,
      newadvertisers: [],
      newstations: [],
      newmarkets: [],
    });
    const client = (await deps.companies.listClientsOfOrg('org-a'))[0]!;
    expect(client.airings).toBe(2);
    expect(deps.lake.allAirings(client.client_uid)).toHaveLength(2);
  });

  test('a changed cost updates the airing instead of adding one', async () => {
    await upload(CLEAN);
    const { postlog_id } = await upload(CLEAN.replace('$100', '$120'));

    const job = await getImport(deps, alice, postlog_id);
    expect(job.report).toMatchObject({ new_spots: 0, updated_spots: 1, unchanged_spots: 1 });
    const client = (await deps.companies.listClientsOfOrg('org-a'))[0]!;
    expect(deps.lake.allAirings(client.client_uid).map((a) => a.cost_cents)).toEqual([12000, 5050]);
  });

  test('a file with errors changes nothing until the user confirms the clean rows', async () => {
    const text = `${CLEAN}WXYZ,999,6/3/2016,7:00 PM,AC3,30,\nWABC,501,6/1/0016,9:00 PM,AC1,30,\n`;
    const { postlog_id } = await upload(text);

    const review = await getImport(deps, alice, postlog_id);
    expect(review.status).toBe('review');
    expect(review.report?.errors).toEqual([
      { row: 3, field: 'market', message: 'Unknown DMA code 999.' },
      {
        row: 4,
        field: 'date',
        message: 'Year 0016 looks wrong: change to 2016?',
        proposed: '6/1/2016',
      },
    ]);
    expect(deps.lake.writes).toBe(0);
    expect(await deps.companies.listClientsOfOrg('org-a')).toEqual([]);

    const done = await confirmImport(deps, alice, { postlog_id, accept_year_fixes: true });

    expect(done.status).toBe('complete');
    expect(done.report).toMatchObject({ new_spots: 3, error_count: 1 });
  });

  test('a second confirm is refused and changes nothing', async () => {
    const { postlog_id } = await upload(`${CLEAN}WXYZ,999,6/3/2016,7:00 PM,AC3,30,\n`);
    await confirmImport(deps, alice, { postlog_id });
    const writes = deps.lake.writes;

    await expect(confirmImport(deps, alice, { postlog_id })).rejects.toMatchObject({
      status: 409,
      message: 'This import has already been confirmed.',
    });
    expect(deps.lake.writes).toBe(writes);
  });

  test('a retried object-created event applies the file once', async () => {
    const { postlog_id, key } = await upload(CLEAN);
    const writes = deps.lake.writes;

    const again = await onObjectCreated(deps, key);

    expect(again).toEqual({ outcome: 'ignored', reason: 'already complete' });
    expect(deps.lake.writes).toBe(writes);
    expect((await getImport(deps, alice, postlog_id)).report?.new_spots).toBe(2);
  });

  test('keys outside the uploads prefix are ignored', async () => {
    expect(await onObjectCreated(deps, 'airings/client_uid=x/date=2016-06-01/a.parquet')).toEqual({
      outcome: 'ignored',
      reason: 'outside uploads',
    });
  });

  test("another organisation's job answers 404 to get and confirm", async () => {
    const { postlog_id } = await upload(`${CLEAN}WXYZ,999,6/3/2016,7:00 PM,AC3,30,\n`);

    await expect(getImport(deps, mallory, postlog_id)).rejects.toMatchObject({ status: 404 });
    await expect(confirmImport(deps, mallory, { postlog_id })).rejects.toMatchObject({
      status: 404,
    });
    expect(deps.lake.writes).toBe(0);
  });

  test('confirm with a mapping override reads a column the automatic match missed', async () => {
    const { postlog_id } = await upload('Outlet Code,Market,Air Date\nWABC,501,6/1/2016 8:00 PM\n');
    expect((await getImport(deps, alice, postlog_id)).report?.errors[0]).toMatchObject({
      row: 0,
      field: 'station',
    });

    const done = await confirmImport(deps, alice, {
      postlog_id,
      mapping: { station: 'Outlet Code' },
    });

    expect(done.status).toBe('complete');
    expect(done.mapping?.station).toBe('Outlet Code');
    expect(done.report?.new_spots).toBe(1);
  });
});

describe('visits import', () => {
  test('needs a client the caller may write, and upserts by (bucket, dma)', async () => {
    const client = (await deps.companies.ensureAdvertiser('org-a', 'Acme', () => acmeClient('c1')))
      .client;
    await expect(
      createUpload(deps, mallory, {
        kind: 'visits',
        file_name: 'v.csv',
        content_type: 'text/csv',
        client_uid: 'c1',
      }),
    ).rejects.toMatchObject({ status: 404 });
    const send = async (text: string) => {
      const { postlog_id, key } = await uploadedFile(deps, alice, text, {
        kind: 'visits',
        file_name: 'v.csv',
        client_uid: client.client_uid,
      });
      await onObjectCreated(deps, key);
      return getImport(deps, alice, postlog_id);
    };
    const head = 'minute_utc,dma_code,sessions,new_users,pageviews\n';

    const first = await send(
      `${head}2016-06-01T23:59:00Z,501,3,1,5\n2016-06-02T00:00:00Z,,2,0,2\n`,
    );
    const second = await send(
      `${head}2016-06-01T23:59:00Z,501,4,1,5\n2016-06-02T00:00:00Z,,2,0,2\n`,
    );

    expect(first.report).toMatchObject({ new_spots: 2, updated_spots: 0 });
    expect(second.report).toMatchObject({ new_spots: 0, updated_spots: 1, unchanged_spots: 1 });
    expect([...deps.lake.visits.keys()].sort()).toEqual([
      'c1/minute/2016-06-01',
      'c1/minute/2016-06-02',
    ]);
    expect(deps.lake.visits.get('c1/minute/2016-06-01')?.sessions).toEqual(new Float64Array([4]));
  });

  test('a visits file with engagement columns stores them; the same file again changes nothing', async () => {
    const client = (await deps.companies.ensureAdvertiser('org-a', 'Acme', () => acmeClient('c1')))
      .client;
    const send = async (text: string) => {
      const { postlog_id, key } = await uploadedFile(deps, alice, text, {
        kind: 'visits',
        file_name: 'v.csv',
        client_uid: client.client_uid,
      });
      await onObjectCreated(deps, key);
      return getImport(deps, alice, postlog_id);
    };
    const file =
      'minute_utc,dma_code,sessions,new_users,pageviews,engaged_sessions,engagement_seconds\n' +
      '2016-06-01T23:58:00Z,501,4,1,5,3,95\n2016-06-01T23:59:00Z,501,2,0,2,,\n';

    const first = await send(file);
    const again = await send(file);

    expect(first.status).toBe('complete');
    expect(first.headers).toEqual([
      'minute_utc',
      'dma_code',
      'sessions',
      'new_users',
      'pageviews',
      'engaged_sessions',
      'engagement_seconds',
    ]);
    expect(again.report).toMatchObject({ new_spots: 0, updated_spots: 0, unchanged_spots: 2 });
    const stored = deps.lake.visits.get('c1/minute/2016-06-01');
    expect(Array.from(stored?.engagedSessions ?? [])).toEqual([3, Number.NaN]);
    expect(Array.from(stored?.engagementS ?? [])).toEqual([95, Number.NaN]);
  });

  test('a visits file with another header fails with a message naming it', async () => {
    await deps.companies.putClient({
      client_uid: 'c2',
      org_uid: 'org-a',
      name: 'B',
      sample_data: false,
      demo: false,
      postlog_timezone: 'America/New_York',
      airings: 0,
      first_airing_utc: null,
      last_airing_utc: null,
      latest_report_id: null,
      created_at: '2026-01-01T00:00:00Z',
    });
    const { postlog_id } = await createUpload(deps, alice, {
      kind: 'visits',
      file_name: 'v.csv',
      content_type: 'text/csv',
      client_uid: 'c2',
    });
    deps.uploads.objects.set((await deps.jobs.get(postlog_id))!.object_key, 'day,visits\n');
    await onObjectCreated(deps, (await deps.jobs.get(postlog_id))!.object_key);

    const job = await getImport(deps, alice, postlog_id);
    expect(job.status).toBe('failed');
    expect(job.message).toContain('Unrecognised visits header "day,visits"');
  });
});
