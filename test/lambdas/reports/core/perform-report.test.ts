import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppError, Forbidden, NotFound, ValidationError } from '#shared/errors';
import { logger } from '#shared/logger';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { performReport } from '../../../../lambdas/reports/core/perform-report';
import { REPORT_RUN_LIMITS } from '../../../../lambdas/reports/core/run-throttle';
import {
  alice,
  allowancePorts,
  countingIds,
  fixedClock,
  memoryPorts,
  seededCompanies,
} from '../fakes';

afterEach(() => vi.restoreAllMocks());

async function setup(clock = fixedClock()) {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  const runs = new MemoryReportRuns();
  const deps = {
    companies,
    jobs: ports.jobs,
    queue: ports.queue,
    clock,
    ids: countingIds(),
    runs,
    ...allowancePorts(),
  };
  return { deps, ...ports, companies, runs };
}

/** A clock whose time tests move (ISO-8601 UTC). */
function movableClock(iso: string) {
  let now = new Date(iso);
  return {
    now: () => now,
    set: (next: string) => {
      now = new Date(next);
    },
  };
}

describe('performReport', () => {
  test('queues a job at progress 0 and sends the first step payload', async () => {
    const { deps, jobs, queue } = await setup();

    const out = await performReport(deps, alice, {
      client_uid: 'client-a',
      date_start: '2024-03-05',
      date_end: '2024-03-06',
      window: 10,
      attribution_method: 'pageviews',
    });

    expect(out).toEqual({
      session_uid: 'id-1',
      report_id: 'id-2',
      max_reports: false,
      free_report: true,
    });
    const job = await jobs.get('id-2');
    expect(job).toMatchObject({
      status: 'queued',
      progress: 0,
      user_id: 'alice',
      client_uid: 'client-a',
    });
    expect(queue.sent).toEqual([
      {
        report_id: 'id-2',
        client_uid: 'client-a',
        session_uid: 'id-1',
        report_type: 'pro_insights',
        params: {
          date_start: '2024-03-05',
          date_end: '2024-03-06',
          window: 10,
          attribution_method: 'pageviews',
          compare_date_start: '2024-03-03',
          compare_date_end: '2024-03-04',
        },
        work_prefix: 'work/id-2/',
      },
    ]);
  });

  test('defaults to the client airing range, an 8-minute window and sessions', async () => {
    const { deps, queue } = await setup();

    await performReport(deps, alice, { client_uid: 'client-a', session_uid: 'sess-1' });

    expect(queue.sent[0]?.session_uid).toBe('sess-1');
    expect(queue.sent[0]?.params).toEqual({
      date_start: '2024-03-04',
      date_end: '2024-03-10',
      window: 8,
      attribution_method: 'sessions',
      compare_date_start: '2024-02-26',
      compare_date_end: '2024-03-03',
    });
  });

  test.each([
    [{ window: 0 }, 'window'],
    [{ window: 61 }, 'window'],
    [{ window: 2.5 }, 'window'],
    [{ attribution_method: 'similarwebvisits' }, 'attribution_method'],
    [{ date_start: '2024-02-30', date_end: '2024-03-02' }, 'date_start'],
    [{ date_start: '2024-03-05', date_end: '2024-03-01' }, 'date_end'],
  ])('rejects %o with a message naming %s', async (input, field) => {
    const { deps, queue } = await setup();

    const error = await performReport(deps, alice, { client_uid: 'client-a', ...input }).catch(
      (e) => e,
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
    expect(queue.sent).toHaveLength(0);
  });

  test('asks for a post-log when the client has no airings and no dates were given', async () => {
    const { deps, companies } = await setup();
    await companies.updateClient('client-a', {
      first_airing_utc: null,
      last_airing_utc: null,
      airings: 0,
    });

    const error = await performReport(deps, alice, { client_uid: 'client-a' }).catch((e) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('client_uid');
    expect(error.message).toMatch(/post-log/);
  });

  test("answers not found for another organisation's client and queues nothing", async () => {
    const { deps, queue } = await setup();

    await expect(performReport(deps, alice, { client_uid: 'client-b' })).rejects.toBeInstanceOf(
      NotFound,
    );
    expect(queue.sent).toHaveLength(0);
  });

  test('refuses the read-only demo client to a signed-in user: its latest report is everyone’s', async () => {
    const { deps, queue, jobs } = await setup();
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    const error = await performReport(deps, alice, { client_uid: 'demo-1' }).catch((e) => e);

    expect(error).toBeInstanceOf(Forbidden);
    expect(error.message).toBe('Sample clients are read-only.');
    expect(queue.sent).toHaveLength(0);
    expect(jobs.jobs.size).toBe(0);
  });
});

describe('performReport throttle per client', () => {
  test('a second run of a client waits while the first is queued or running (429, nothing queued)', async () => {
    const { deps, queue, jobs } = await setup();
    const first = await performReport(deps, alice, { client_uid: 'client-a' });

    const whileQueued = await performReport(deps, alice, { client_uid: 'client-a' }).catch(
      (e) => e,
    );
    await jobs.update(first.report_id, { status: 'running' });
    const whileRunning = await performReport(deps, alice, { client_uid: 'client-a' }).catch(
      (e) => e,
    );

    for (const error of [whileQueued, whileRunning]) {
      expect(error).toBeInstanceOf(AppError);
      expect(error.status).toBe(429);
      expect(error.code).toBe('rate_limited');
      expect(error.message).toBe(
        'A report for this client is already running. Please wait for it to finish.',
      );
    }
    expect(queue.sent.map((p) => p.report_id)).toEqual([first.report_id]);
    expect(jobs.jobs.size).toBe(1);
  });

  test('the next run starts once the first is complete or failed, and other clients never wait', async () => {
    const { deps, queue, jobs, companies } = await setup();
    await companies.addMembership('alice', 'org-b');
    const first = await performReport(deps, alice, { client_uid: 'client-a' });

    const other = await performReport(deps, alice, { client_uid: 'client-b' });
    await jobs.update(first.report_id, { status: 'complete' });
    const second = await performReport(deps, alice, { client_uid: 'client-a' });
    await jobs.update(second.report_id, { status: 'failed' });
    const third = await performReport(deps, alice, { client_uid: 'client-a' });

    expect(queue.sent.map((p) => p.report_id)).toEqual([
      first.report_id,
      other.report_id,
      second.report_id,
      third.report_id,
    ]);
  });

  test('a run stuck as running stops blocking its client after the lease', async () => {
    const clock = movableClock('2024-04-01T12:00:00.000Z');
    const { deps, queue } = await setup(clock);
    await performReport(deps, alice, { client_uid: 'client-a' });

    clock.set('2024-04-01T12:29:59.000Z');
    const early = await performReport(deps, alice, { client_uid: 'client-a' }).catch((e) => e);
    clock.set(
      new Date(
        Date.parse('2024-04-01T12:00:00.000Z') + REPORT_RUN_LIMITS.leaseS * 1000,
      ).toISOString(),
    );
    await performReport(deps, alice, { client_uid: 'client-a' });

    expect(early.status).toBe(429);
    expect(queue.sent).toHaveLength(2);
  });

  test(`at most ${REPORT_RUN_LIMITS.perHour} runs per client in a clock hour; the message says when to retry`, async () => {
    const clock = movableClock('2024-04-01T12:00:00.000Z');
    const { deps, queue, jobs } = await setup(clock);
    for (let i = 0; i < REPORT_RUN_LIMITS.perHour; i++) {
      const run = await performReport(deps, alice, { client_uid: 'client-a' });
      await jobs.update(run.report_id, { status: 'complete' });
    }

    clock.set('2024-04-01T12:48:30.000Z');
    const over = await performReport(deps, alice, { client_uid: 'client-a' }).catch((e) => e);
    clock.set('2024-04-01T13:00:00.000Z');
    await performReport(deps, alice, { client_uid: 'client-a' });

    expect(over).toBeInstanceOf(AppError);
    expect(over.status).toBe(429);
    expect(over.message).toBe(
      `This client has run ${REPORT_RUN_LIMITS.perHour} reports this hour, the most allowed. Please try again in 12 minutes.`,
    );
    expect(queue.sent).toHaveLength(REPORT_RUN_LIMITS.perHour + 1);
  });

  test('a run that cannot be queued gives the slot back and is marked failed, not left queued', async () => {
    const { deps, jobs, runs } = await setup();
    const send = vi.spyOn(deps.queue, 'send').mockRejectedValueOnce(new Error('SQS down'));

    await expect(performReport(deps, alice, { client_uid: 'client-a' })).rejects.toThrow(
      'SQS down',
    );
    send.mockRestore();
    const next = await performReport(deps, alice, { client_uid: 'client-a' });

    expect([...jobs.jobs.values()].map((j) => j.status)).toEqual(['failed', 'queued']);
    expect(runs.slots.get('client-a')?.report_id).toBe(next.report_id);
  });
});
