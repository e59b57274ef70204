import { beforeEach, describe, expect, test } from 'vitest';
import { type DropResultFile, dropResultFileSchema } from '#shared/contracts/drops.schema';
import { IMPORT_LIMITS } from '#shared/contracts/postlog.schema';
import { createDrop } from '../../../../lambdas/drops/core/create-drop';
import { NO_DROP_MESSAGE, onDropObject } from '../../../../lambdas/drops/core/on-drop-object';
import { revokeDrop } from '../../../../lambdas/drops/core/revoke-drop';
import { pendingImports } from '../../../../lambdas/imports/core/pending-imports';
import { dropWorld, olga } from '../fakes';

const HEADER = 'Advertiser,Station,Market,Air Date,Air Time,ISCI,Length,Cost';
const CLEAN = `${HEADER}\nAcme,WABC,501,6/1/2016,8:30 PM,AC1,30,$100\nAcme,WGN,602,6/2/2016,7:00 PM,AC2,30,$50\n`;
/** Row 2 has no date: a row error. */
const WITH_ERROR = `${HEADER}\nAcme,WABC,501,6/1/2016,8:30 PM,AC1,30,$100\nAcme,WGN,602,,7:00 PM,AC2,30,$50\n`;

let world: Awaited<ReturnType<typeof dropWorld>>;
beforeEach(async () => {
  world = await dropWorld();
});

/** The uploader puts `text` at `key` (SFTP, or the local folder), then S3's event arrives. */
async function drop(key: string, text: string) {
  world.objects.set(key, text);
  return onDropObject(world.fileDeps, key);
}

const resultOf = (key: string): DropResultFile =>
  dropResultFileSchema.parse(JSON.parse(world.objects.get(`${key}.result.json`) ?? 'null'));

const acmeDrop = () => createDrop(world.routeDeps, olga, { client_uid: 'c-acme', label: 'WXYZ' });

describe('a file landing under a drop', () => {
  test('is imported for the drop client as its maker: airings land, result.json and a mail say so', async () => {
    const made = await acmeDrop();

    const out = await drop('drops/org-a/c-acme/june.csv', CLEAN);

    expect(out).toMatchObject({ outcome: 'applied' });
    const postlogId = (out as { postlog_id: string }).postlog_id;
    expect(world.imports.lake.allAirings('c-acme')).toHaveLength(2);
    expect(await world.imports.jobs.get(postlogId)).toMatchObject({
      status: 'complete',
      client_uid: 'c-acme',
      org_uid: 'org-a',
      created_by: 'olga',
      object_key: `uploads/org-a/${postlogId}/june.csv`,
    });
    expect(resultOf('drops/org-a/c-acme/june.csv')).toEqual({
      file: 'june.csv',
      status: 'applied',
      message: 'Imported 2 rows: 2 new, 0 updated, 0 unchanged airings.',
      received_at: '2026-01-05T12:00:00.000Z',
      postlog_id: postlogId,
      client: { client_uid: 'c-acme', name: 'Acme' },
      applied: { rows: 2, new_spots: 2, updated_spots: 0, unchanged_spots: 0, newadvertisers: [] },
    });
    expect(world.mails).toEqual([
      expect.objectContaining({
        to: 'olga@a.example',
        subject: 'Post-log drop: june.csv imported',
        text: expect.stringContaining('Imported 2 rows: 2 new, 0 updated, 0 unchanged airings.'),
      }),
    ]);
    const used = await world.drops.get(made.drop.drop_id);
    expect(used).toMatchObject({
      last_used_at: '2026-01-05T12:00:00.000Z',
      last_result: {
        file: 'june.csv',
        status: 'applied',
        postlog_id: postlogId,
        summary: '2 new, 0 updated, 0 unchanged airings',
      },
    });
  });

  test('with row errors waits in review on the client, nothing applied, the errors in result.json', async () => {
    await acmeDrop();

    const out = await drop('drops/org-a/c-acme/june.csv', WITH_ERROR);

    expect(out).toMatchObject({ outcome: 'review' });
    expect(world.imports.lake.allAirings('c-acme')).toEqual([]);
    const result = resultOf('drops/org-a/c-acme/june.csv');
    expect(result).toMatchObject({
      status: 'review',
      error_count: 1,
      errors: [{ row: 2, field: 'date' }],
      review_url: 'https://app.example.com/ss?client=c-acme#uploads',
    });
    expect(world.mails[0]?.subject).toBe('Post-log drop: june.csv needs your review');
    const pending = await pendingImports(world.imports, olga, { client_uid: 'c-acme' });
    expect(pending.imports.map((j) => [j.postlog_id, j.status, j.file_name])).toEqual([
      [result.postlog_id, 'review', 'june.csv'],
    ]);
  });

  test('of a client drop, rows naming another advertiser are row errors: nothing reaches another client', async () => {
    await acmeDrop();
    const text = `${HEADER}\nAcme,WABC,501,6/1/2016,8:30 PM,AC1,30,$100\nBeta,WGN,602,6/2/2016,7:00 PM,BE1,30,$50\n`;

    await drop('drops/org-a/c-acme/mixed.csv', text);

    expect(resultOf('drops/org-a/c-acme/mixed.csv')).toMatchObject({
      status: 'review',
      errors: [{ row: 2, field: 'advertiser' }],
    });
    expect(world.imports.lake.allAirings('c-beta')).toEqual([]);
  });

  test('of an organisation drop, the advertiser column names the clients, made in that organisation', async () => {
    await createDrop(world.routeDeps, olga, { organization_uid: 'org-a', label: 'Agency' });
    const text = `${HEADER}\nAcme,WABC,501,6/1/2016,8:30 PM,AC1,30,$100\nNewco,WGN,602,6/2/2016,7:00 PM,NC1,30,$50\n`;

    const out = await drop('drops/org-a/_org/week.csv', text);

    expect(out).toMatchObject({ outcome: 'applied' });
    const names = (await world.companies.listClientsOfOrg('org-a')).map((c) => c.name).sort();
    expect(names).toEqual(['Acme', 'Beta', 'Newco']);
    expect(world.imports.lake.allAirings('c-acme')).toHaveLength(1);
    expect(resultOf('drops/org-a/_org/week.csv').applied?.newadvertisers).toEqual(['Newco']);
  });

  test('a retried S3 event changes nothing twice: one job, one mail, no lake write, the same result', async () => {
    const made = await acmeDrop();
    const first = await drop('drops/org-a/c-acme/june.csv', CLEAN);
    const resultBefore = world.objects.get('drops/org-a/c-acme/june.csv.result.json');
    const writes = world.imports.lake.writes;
    const jobs = world.imports.jobs.jobs.size;
    world.fileDeps.now = () => new Date('2026-01-05T12:05:00Z');

    const again = await onDropObject(world.fileDeps, 'drops/org-a/c-acme/june.csv');

    expect(again).toEqual({
      outcome: 'duplicate',
      postlog_id: (first as { postlog_id: string }).postlog_id,
    });
    expect(world.imports.lake.writes).toBe(writes);
    expect(world.imports.jobs.jobs.size).toBe(jobs);
    expect(world.mails).toHaveLength(1);
    expect(world.objects.get('drops/org-a/c-acme/june.csv.result.json')).toBe(resultBefore);
    expect((await world.drops.get(made.drop.drop_id))?.last_used_at).toBe(
      '2026-01-05T12:00:00.000Z',
    );
  });

  test('a new file at the same name is a new import', async () => {
    await acmeDrop();
    const first = await drop('drops/org-a/c-acme/june.csv', CLEAN);

    const second = await drop(
      'drops/org-a/c-acme/june.csv',
      `${CLEAN}Acme,WABC,501,6/3/2016,8:30 PM,AC1,30,$100\n`,
    );

    expect(second).toMatchObject({ outcome: 'applied' });
    expect(second).not.toEqual(first);
    expect(world.imports.lake.allAirings('c-acme')).toHaveLength(3);
  });
});

describe('a file that is not imported', () => {
  test('over the post-log size limit is refused before it is copied or imported; the result names the limit', async () => {
    await acmeDrop();
    const huge = `${HEADER}\n${'x'.repeat(IMPORT_LIMITS.maxBytes.postlog)}`;

    const out = await drop('drops/org-a/c-acme/huge.csv', huge);

    expect(out).toMatchObject({ outcome: 'ignored' });
    expect(resultOf('drops/org-a/c-acme/huge.csv').message).toMatch(/at most 50 MB/);
    expect([...world.objects.keys()].filter((k) => k.startsWith('uploads/'))).toEqual([]);
    expect(world.imports.jobs.jobs.size).toBe(0);
  });

  test('under a revoked drop is ignored and reported beside it; no job, no airings, no mail', async () => {
    const made = await acmeDrop();
    await revokeDrop(world.routeDeps, olga, { drop_id: made.drop.drop_id });

    const out = await drop('drops/org-a/c-acme/june.csv', CLEAN);

    expect(out).toEqual({ outcome: 'ignored', reason: NO_DROP_MESSAGE });
    expect(resultOf('drops/org-a/c-acme/june.csv')).toMatchObject({
      status: 'ignored',
      message: NO_DROP_MESSAGE,
    });
    expect(world.imports.jobs.jobs.size).toBe(0);
    expect(world.imports.lake.allAirings('c-acme')).toEqual([]);
    expect(world.mails).toEqual([]);
    expect((await world.drops.get(made.drop.drop_id))?.last_result).toMatchObject({
      file: 'june.csv',
      status: 'ignored',
      postlog_id: null,
    });
  });

  test('under an unknown prefix (another organisation, no drop) is ignored and reported', async () => {
    await acmeDrop();

    const out = await drop('drops/org-r/c-acme/june.csv', CLEAN);

    expect(out).toMatchObject({ outcome: 'ignored' });
    expect(resultOf('drops/org-r/c-acme/june.csv').status).toBe('ignored');
    expect(world.imports.lake.allAirings('c-acme')).toEqual([]);
  });

  test('when its maker no longer manages the organisation, it is ignored with the reason', async () => {
    await acmeDrop();
    await world.companies.addMembership('olga', 'org-a', 'member');

    const out = await drop('drops/org-a/c-acme/june.csv', CLEAN);

    expect(out).toMatchObject({ outcome: 'ignored' });
    expect(resultOf('drops/org-a/c-acme/june.csv').message).toMatch(/no longer manages/);
    expect(world.imports.lake.allAirings('c-acme')).toEqual([]);
  });

  test('that is not a CSV is ignored and reported; result files, temp and hidden files are skipped', async () => {
    await acmeDrop();

    const sheet = await drop('drops/org-a/c-acme/june.xlsx', 'PK');
    const skipped = await Promise.all(
      [
        'drops/org-a/c-acme/june.csv.result.json',
        'drops/org-a/c-acme/june.csv.filepart',
        'drops/org-a/c-acme/.june.csv.swp',
        'drops/org-a/c-acme/',
      ].map((key) => drop(key, '{}')),
    );

    expect(sheet).toMatchObject({ outcome: 'ignored' });
    expect(resultOf('drops/org-a/c-acme/june.xlsx').message).toMatch(/Only \.csv/);
    expect(skipped.map((s) => s.outcome)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
    expect(world.objects.has('drops/org-a/c-acme/june.csv.filepart.result.json')).toBe(false);
    expect(world.imports.jobs.jobs.size).toBe(0);
  });
});
