import { describe, expect, test } from 'vitest';
import { NotFound, ValidationError } from '#shared/errors';
import {
  companyQueueClear,
  companyQueueMonitor,
} from '../../../../lambdas/companies/core/company-queue';
import type { JobSnapshot, UserJobEntry } from '../../../../lambdas/companies/core/queue-ports';
import { alice, bob, seededCompanies } from '../../reports/fakes';
import { MemoryQueueJobs } from '../queue-fakes';

const NOW = '2024-04-01T12:00:00.000Z';
const at = (minutesAgo: number) => new Date(Date.parse(NOW) - minutesAgo * 60_000).toISOString();

/**
 * Records alice's `kind` job `id` on client-a (unless `entry` says otherwise), started
 * `startedMinutesAgo` minutes before NOW, in `state`.
 */
function startJob(
  jobs: MemoryQueueJobs,
  kind: UserJobEntry['kind'],
  id: string,
  startedMinutesAgo: number,
  state: JobSnapshot,
  entry: Partial<UserJobEntry> = {},
) {
  jobs.start(
    {
      user_id: 'alice',
      kind,
      id,
      client_uid: 'client-a',
      started_at: at(startedMinutesAgo),
      ...entry,
    },
    state,
  );
}

async function setup() {
  const companies = await seededCompanies();
  const jobs = new MemoryQueueJobs();
  const deps = { companies, jobs, now: () => new Date(NOW), version: '20240401120000' };
  return { companies, jobs, deps };
}

describe('companyQueueMonitor', () => {
  test("lists the caller's running import and report with progress, newest first, and the deployed version", async () => {
    const { jobs, deps } = await setup();
    startJob(jobs, 'postlog_import', 'imp-1', 10, {
      status: 'running',
      updated_at: at(9),
      detail: 'spots.csv',
    });
    startJob(jobs, 'report', 'rep-1', 5, {
      status: 'running',
      progress: 45,
      report_id: 'rep-1',
      updated_at: at(4),
    });

    const result = await companyQueueMonitor(deps, alice, {});

    expect(result.version).toBe('20240401120000');
    expect(result.client).toEqual([]);
    expect(result.user.map((i) => [i.report_type, i.id, i.progress, i.complete])).toEqual([
      ['report', 'rep-1', 45, false],
      ['postlog_import', 'imp-1', 50, false],
    ]);
    expect(result.user[0]).toMatchObject({
      client_uid: 'client-a',
      client_name: 'Acme Mattress',
      report_id: 'rep-1',
      failed: false,
      message: null,
      started_at: at(5),
    });
    expect(result.user[1]?.label).toContain('spots.csv');
  });

  test('an item whose job records no progress gets one from its state (queued 0, finished 100)', async () => {
    const { jobs, deps } = await setup();
    startJob(jobs, 'report', 'rep-q', 3, { status: 'queued', updated_at: at(3) });
    startJob(jobs, 'visits_import', 'imp-v', 20, {
      status: 'complete',
      progress: null,
      updated_at: at(15),
    });

    const { user } = await companyQueueMonitor(deps, alice, {});

    expect(user.map((i) => [i.id, i.progress, i.complete, i.failed])).toEqual([
      ['rep-q', 0, false, false],
      ['imp-v', 100, true, false],
    ]);
  });

  test('a failed job is complete and failed, with its message for the user', async () => {
    const { jobs, deps } = await setup();
    startJob(jobs, 'report', 'rep-f', 30, {
      status: 'failed',
      progress: 40,
      message: 'This report stopped before it finished.',
      updated_at: at(25),
    });

    const { user } = await companyQueueMonitor(deps, alice, {});

    expect(user).toHaveLength(1);
    expect(user[0]).toMatchObject({
      progress: 100,
      complete: true,
      failed: true,
      message: 'This report stopped before it finished.',
    });
  });

  test("another user's jobs are never listed, not even on a client the caller can see", async () => {
    const { companies, jobs, deps } = await setup();
    await companies.addMembership('bob', 'org-a');
    startJob(
      jobs,
      'report',
      'rep-bob',
      2,
      { status: 'running', progress: 30, updated_at: at(1) },
      { user_id: 'bob' },
    );

    const result = await companyQueueMonitor(deps, alice, {
      current_report_client_uid: 'client-a',
    });

    expect(result.user).toEqual([]);
    expect(result.client).toEqual([]);
  });

  test('a post-log import whose client is not known until it lands shows under its advertiser', async () => {
    const { jobs, deps } = await setup();
    startJob(
      jobs,
      'postlog_import',
      'imp-new',
      1,
      { status: 'queued', updated_at: at(1), advertiser: 'New Sofas', detail: 'new.csv' },
      { client_uid: '' },
    );

    const { user } = await companyQueueMonitor(deps, alice, {});

    expect(user).toEqual([
      expect.objectContaining({
        id: 'imp-new',
        client_uid: '',
        client_name: 'New Sofas',
        progress: 10,
      }),
    ]);
  });

  test('a job on a client the caller can no longer see is left out', async () => {
    const { jobs, deps } = await setup();
    startJob(
      jobs,
      'report',
      'rep-b',
      2,
      { status: 'running', progress: 30, updated_at: at(1) },
      { client_uid: 'client-b' },
    );

    const { user } = await companyQueueMonitor(deps, alice, {});

    expect(user).toEqual([]);
  });

  test('a job finished more than 24 hours ago is gone, a running one stays', async () => {
    const { jobs, deps } = await setup();
    startJob(jobs, 'report', 'old', 26 * 60, {
      status: 'complete',
      progress: 100,
      updated_at: at(25 * 60),
    });
    startJob(jobs, 'ga_pull', 'conn-1', 30 * 60, {
      status: 'running',
      progress: 70,
      updated_at: at(1),
    });

    const { user } = await companyQueueMonitor(deps, alice, {});

    expect(user.map((i) => [i.id, i.progress])).toEqual([['conn-1', 70]]);
  });

  test("the client queue holds the caller's jobs of the open client only, and a stranger's client is not found", async () => {
    const { companies, jobs, deps } = await setup();
    await companies.putClient({
      ...(await companies.getClient('client-a'))!,
      client_uid: 'client-a2',
      name: 'Acme Two',
    });
    startJob(jobs, 'report', 'r-a', 3, { status: 'running', progress: 10, updated_at: at(3) });
    startJob(
      jobs,
      'report',
      'r-a2',
      2,
      { status: 'running', progress: 20, updated_at: at(2) },
      { client_uid: 'client-a2' },
    );

    const result = await companyQueueMonitor(deps, alice, {
      current_report_client_uid: 'client-a2',
    });

    expect(result.client.map((i) => i.id)).toEqual(['r-a2']);
    expect(result.user.map((i) => i.id)).toEqual(['r-a2', 'r-a']);
    await expect(
      companyQueueMonitor(deps, bob, { current_report_client_uid: 'client-a' }),
    ).rejects.toBeInstanceOf(NotFound);
  });
});

describe('companyQueueClear', () => {
  test('clearing the whole queue hides every finished item; a running one stays and keeps running', async () => {
    const { jobs, deps } = await setup();
    startJob(jobs, 'report', 'done', 30, { status: 'complete', progress: 100, updated_at: at(20) });
    startJob(jobs, 'report', 'broke', 25, {
      status: 'failed',
      message: 'No visits.',
      updated_at: at(20),
    });
    startJob(jobs, 'postlog_import', 'busy', 5, { status: 'running', updated_at: at(5) });

    const { cleared } = await companyQueueClear(deps, alice, { queue: 'user' });

    expect(cleared).toBe(2);
    const { user } = await companyQueueMonitor(deps, alice, {});
    expect(user.map((i) => [i.id, i.complete])).toEqual([['busy', false]]);

    jobs.set('postlog_import', 'busy', { status: 'complete', updated_at: NOW });
    const later = await companyQueueMonitor(deps, alice, {});
    expect(later.user.map((i) => [i.id, i.complete])).toEqual([['busy', true]]);
  });

  test('clearing one item hides only it, and clearing a running item hides nothing', async () => {
    const { jobs, deps } = await setup();
    startJob(jobs, 'report', 'one', 30, { status: 'complete', progress: 100, updated_at: at(20) });
    startJob(jobs, 'report', 'two', 29, { status: 'complete', progress: 100, updated_at: at(20) });
    startJob(jobs, 'report', 'run', 2, { status: 'running', progress: 50, updated_at: at(1) });

    expect(await companyQueueClear(deps, alice, { queue: 'user', id: 'one' })).toEqual({
      cleared: 1,
    });
    expect(await companyQueueClear(deps, alice, { queue: 'user', id: 'run' })).toEqual({
      cleared: 0,
    });

    const { user } = await companyQueueMonitor(deps, alice, {});
    expect(user.map((i) => i.id)).toEqual(['run', 'two']);
  });

  test("the client queue clears that client's finished items only; it needs a client the caller can see", async () => {
    const { companies, jobs, deps } = await setup();
    await companies.putClient({
      ...(await companies.getClient('client-a'))!,
      client_uid: 'client-a2',
      name: 'Acme Two',
    });
    startJob(jobs, 'report', 'a', 30, { status: 'complete', progress: 100, updated_at: at(20) });
    startJob(
      jobs,
      'report',
      'a2',
      30,
      { status: 'complete', progress: 100, updated_at: at(20) },
      { client_uid: 'client-a2' },
    );

    expect(
      await companyQueueClear(deps, alice, { queue: 'client', client_uid: 'client-a2' }),
    ).toEqual({ cleared: 1 });
    const { user } = await companyQueueMonitor(deps, alice, {});
    expect(user.map((i) => i.id)).toEqual(['a']);
    await expect(companyQueueClear(deps, alice, { queue: 'client' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      companyQueueClear(deps, bob, { queue: 'client', client_uid: 'client-a' }),
    ).rejects.toBeInstanceOf(NotFound);
  });
});
