import { describe, expect, test } from 'vitest';
import { DynamoDrops } from '../../../../lambdas/drops/adapters/dynamo-drops';
import type { DropRecord, DropsStore } from '../../../../lambdas/drops/core/ports';
import { DynamoImportJobs } from '../../../../lambdas/imports/adapters/dynamo-import-jobs';
import type { ImportJobRecord } from '../../../../lambdas/imports/core/ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';
import { MemoryJobs } from '../../imports/fakes';
import { MemoryDrops } from '../fakes';

const TABLE = 'drops-store-test';
const local = dynamoLocalForFile({
  name: 'drops-store',
  companiesTable: TABLE,
  removeUndefinedValues: true,
});

let n = 0;
const drop = (over: Partial<DropRecord> = {}): DropRecord => ({
  drop_id: `d${++n}`,
  org_uid: `org-${n}`,
  client_uid: 'c-acme',
  client_name: 'Acme',
  label: 'WXYZ',
  mode: 'folder',
  username: '',
  ssh_public_key: null,
  key_fingerprint: null,
  created_by: 'olga',
  created_by_email: 'olga@a.example',
  created_at: `2026-01-0${(n % 9) + 1}T00:00:00.000Z`,
  revoked_at: null,
  revoked_by: null,
  last_used_at: null,
  last_result: null,
  ...over,
});

describe.each([
  ['memory', () => new MemoryDrops() as DropsStore],
  ['DynamoDB', () => new DynamoDrops(local.doc, TABLE) as DropsStore],
])('%s drops store', (_name, make) => {
  test('one active drop per organisation and scope; a revoke frees the scope', async () => {
    const store = make();
    const first = drop();
    const rival = drop({ org_uid: first.org_uid });
    const orgWide = drop({ org_uid: first.org_uid, client_uid: null, client_name: null });

    expect(await store.create(first)).toBe(true);
    expect(await store.create(rival)).toBe(false);
    expect(await store.create(orgWide)).toBe(true);
    expect(await store.get(rival.drop_id)).toBeNull();
    expect((await store.active(first.org_uid, 'c-acme'))?.drop_id).toBe(first.drop_id);
    expect((await store.active(first.org_uid, '_org'))?.drop_id).toBe(orgWide.drop_id);

    expect(await store.revoke(first, '2026-02-01T00:00:00.000Z', 'olga')).toBe(true);
    expect(await store.revoke(first, '2026-02-02T00:00:00.000Z', 'olga')).toBe(false);
    expect(await store.active(first.org_uid, 'c-acme')).toBeNull();
    expect(await store.get(first.drop_id)).toMatchObject({
      revoked_at: '2026-02-01T00:00:00.000Z',
      revoked_by: 'olga',
    });
    expect(await store.create(rival)).toBe(true);
  });

  test('lists an organisation newest first and records a last use', async () => {
    const store = make();
    const older = drop({ created_at: '2026-01-01T00:00:00.000Z' });
    const newer = drop({
      org_uid: older.org_uid,
      client_uid: 'c-beta',
      created_at: '2026-01-02T00:00:00.000Z',
    });
    await store.create(older);
    await store.create(newer);
    await store.create(drop());
    const use = {
      file: 'june.csv',
      status: 'applied' as const,
      postlog_id: 'p1',
      summary: '2 new, 0 updated, 0 unchanged airings',
      at: '2026-01-03T00:00:00.000Z',
    };

    await store.recordUse(older.drop_id, use);
    const list = await store.listOfOrg(older.org_uid);

    expect(list.map((d) => d.drop_id)).toEqual([newer.drop_id, older.drop_id]);
    expect(list[1]).toMatchObject({ last_used_at: use.at, last_result: use });
  });
});

describe.each([
  ['memory', () => new MemoryJobs()],
  ['DynamoDB', () => new DynamoImportJobs(local.doc, TABLE)],
])('%s import jobs: inReview', (_name, make) => {
  test('lists the organisation jobs in review since a date, newest first', async () => {
    const jobs = make();
    const job = (id: string, status: ImportJobRecord['status'], at: string, org = 'org-rev') =>
      jobs.create({
        postlog_id: `${_name}-${id}`,
        client_uid: 'c-acme',
        kind: 'postlog',
        file_name: `${id}.csv`,
        status,
        headers: [],
        created_at: at,
        updated_at: at,
        org_uid: `${_name}-${org}`,
        object_key: `uploads/${org}/${id}/x.csv`,
        created_by: 'olga',
      });
    await job('old', 'review', '2025-11-01T00:00:00.000Z');
    await job('a', 'review', '2026-01-02T00:00:00.000Z');
    await job('b', 'complete', '2026-01-03T00:00:00.000Z');
    await job('c', 'review', '2026-01-04T00:00:00.000Z');
    await job('other', 'review', '2026-01-04T00:00:00.000Z', 'org-other');

    const pending = await jobs.inReview(`${_name}-org-rev`, '2025-12-06T00:00:00.000Z');

    expect(pending.map((j) => j.file_name)).toEqual(['c.csv', 'a.csv']);
  });
});
