import { describe, expect, test } from 'vitest';
import { JOB_TIMEOUTS_S, STUCK_JOB_MESSAGES, type SweptJobKind } from '#shared/jobs/job-timeouts';
import type {
  ActiveJobIndex,
  ActiveJobRef,
  JobState,
  SweptJobs,
} from '../../../../lambdas/jobs/core/ports';
import { sweepJobs } from '../../../../lambdas/jobs/core/sweep-jobs';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000).toISOString();

class MemoryIndex implements ActiveJobIndex {
  refs: ActiveJobRef[] = [];
  async listSince(before: Date) {
    return this.refs.filter((r) => r.since < before.toISOString());
  }
  async drop(ref: ActiveJobRef) {
    this.refs = this.refs.filter((r) => !(r.id === ref.id && r.since === ref.since));
  }
}

class MemoryJobs implements SweptJobs {
  readonly jobs = new Map<string, JobState & { message?: string; retryable?: boolean }>();
  /** Moves a job just before the sweeper writes (it finished meanwhile). */
  moveBeforeFail: string | null = null;
  async state(id: string) {
    const j = this.jobs.get(id);
    return j ? { status: j.status, updated_at: j.updated_at, client_uid: j.client_uid } : null;
  }
  async fail(id: string, was: JobState, message: string, at: Date) {
    if (this.moveBeforeFail === id) {
      this.jobs.set(id, { status: 'complete', updated_at: at.toISOString() });
    }
    const j = this.jobs.get(id);
    if (!j || j.status !== was.status || j.updated_at !== was.updated_at) return false;
    this.jobs.set(id, { status: 'failed', updated_at: at.toISOString(), message, retryable: true });
    return true;
  }
}

function setup() {
  const index = new MemoryIndex();
  const imports = new MemoryJobs();
  const reports = new MemoryJobs();
  const jobs: Record<SweptJobKind, MemoryJobs> = {
    import: imports,
    report: reports,
    generation: new MemoryJobs(),
    org_reporting: new MemoryJobs(),
  };
  const runSlots = new MemoryReportRuns();
  const add = (kind: SweptJobKind, id: string, status: string, sinceS: number) => {
    jobs[kind].jobs.set(id, {
      status,
      updated_at: ago(sinceS),
      client_uid: 'client-a',
    });
    index.refs.push({ kind, id, since: ago(sinceS) });
  };
  const sweep = () => sweepJobs({ index, jobs, runSlots, now: () => NOW });
  return { index, imports, reports, jobs, runSlots, add, sweep };
}

describe('the job sweeper', () => {
  test('every kind has a timeout for each state it watches, in one table', () => {
    expect(JOB_TIMEOUTS_S).toEqual({
      import: { awaiting_upload: 1200, uploaded: 1200 },
      report: { queued: 900, running: 1860 },
      // Generation: the queue's three starts (3 x 180 s), then the Generate machine's 30 minutes.
      generation: { queued: 840, running: 2100 },
      // Organisation roll-up: started at once, then the OrgReporting machine's 2 hours.
      org_reporting: { queued: 900, running: 7500 },
    });
  });

  test.each([
    ['import', 'uploaded', 1201],
    ['import', 'awaiting_upload', 1201],
    ['report', 'queued', 901],
    ['report', 'running', 1861],
    ['generation', 'queued', 841],
    ['generation', 'running', 2101],
    ['org_reporting', 'running', 7501],
  ] as const)(
    'fails a %s stuck %s past its timeout, with the reason the user sees',
    async (kind, status, age) => {
      const s = setup();
      s.add(kind, 'j1', status, age);

      const result = await s.sweep();

      const job = s.jobs[kind].jobs.get('j1');
      expect(job).toMatchObject({ status: 'failed', message: STUCK_JOB_MESSAGES[kind] });
      expect(result.failed).toEqual([{ kind, id: 'j1', since: ago(age) }]);
      expect(s.index.refs).toEqual([]);
    },
  );

  test.each([
    ['import', 'uploaded', 1199],
    ['report', 'running', 1800],
    ['generation', 'running', 2099],
    ['org_reporting', 'running', 7499],
  ] as const)('leaves a %s %s within its time', async (kind, status, age) => {
    const s = setup();
    s.add(kind, 'j1', status, age);

    const result = await s.sweep();

    expect(s.jobs[kind].jobs.get('j1')?.status).toBe(status);
    expect(result.failed).toEqual([]);
    expect(s.index.refs).toHaveLength(1);
  });

  test('a finished job, one waiting in review or one gone only loses its marker', async () => {
    const s = setup();
    s.add('import', 'done', 'complete', 5000);
    s.add('import', 'rev', 'review', 5000);
    s.add('report', 'ok', 'complete', 5000);
    s.index.refs.push({ kind: 'report', id: 'gone', since: ago(5000) });

    const result = await s.sweep();

    expect(result).toEqual({ failed: [], dropped: 4 });
    expect(s.imports.jobs.get('rev')?.status).toBe('review');
    expect(s.index.refs).toEqual([]);
  });

  test('a job that finishes while the sweeper looks at it is left finished', async () => {
    const s = setup();
    s.add('report', 'r1', 'running', 4000);
    s.reports.moveBeforeFail = 'r1';

    const result = await s.sweep();

    expect(result.failed).toEqual([]);
    expect(s.reports.jobs.get('r1')?.status).toBe('complete');
  });

  test("a report run it fails gives its client's run slot back, so the client can run again at once", async () => {
    const s = setup();
    s.add('report', 'r1', 'running', 1861);
    await s.runSlots.claim(
      { client_uid: 'client-a', report_id: 'r1', started_at: ago(1861) },
      null,
      20,
      0,
    );

    await s.sweep();

    expect(s.reports.jobs.get('r1')?.status).toBe('failed');
    expect(await s.runSlots.active('client-a')).toBeNull();
  });

  test('the deadline counts from the job itself, not from an older marker', async () => {
    const s = setup();
    s.imports.jobs.set('i1', { status: 'uploaded', updated_at: ago(60) });
    s.index.refs.push({ kind: 'import', id: 'i1', since: ago(5000) });

    await s.sweep();

    expect(s.imports.jobs.get('i1')?.status).toBe('uploaded');
  });
});
