import { expect, test } from 'vitest';
import { newClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { STUCK_JOB_MESSAGES } from '#shared/jobs/job-timeouts';
import type { ActiveJobRef, JobState, SweptJobs } from '../../../../lambdas/jobs/core/ports';
import { sweepJobs } from '../../../../lambdas/jobs/core/sweep-jobs';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000).toISOString();

class OneJob implements SweptJobs {
  constructor(public job: JobState) {}
  async state() {
    return this.job;
  }
  async fail(_id: string, _was: JobState, _message: string, at: Date) {
    this.job = { ...this.job, status: 'failed', updated_at: at.toISOString() };
    return true;
  }
}

test('a report run the sweeper fails as stuck leaves its reason on the client', async () => {
  const clients = new MemoryCompanies();
  await clients.putClient(
    newClientRecord({ client_uid: 'client-a', org_uid: 'o', name: 'A' }, NOW),
  );
  let refs: ActiveJobRef[] = [{ kind: 'report', id: 'r1', since: ago(4000) }];
  const reports = new OneJob({ status: 'running', updated_at: ago(4000), client_uid: 'client-a' });

  await sweepJobs({
    index: {
      listSince: async () => refs,
      drop: async (ref) => {
        refs = refs.filter((r) => r.id !== ref.id);
      },
    },
    jobs: {
      import: new OneJob({ status: 'complete', updated_at: ago(1) }),
      report: reports,
      generation: new OneJob({ status: 'done', updated_at: ago(1) }),
      org_reporting: new OneJob({ status: 'done', updated_at: ago(1) }),
    },
    runSlots: new MemoryReportRuns(),
    clients,
    now: () => NOW,
  });

  expect(reports.job.status).toBe('failed');
  expect((await clients.getClient('client-a'))?.latest_report_error).toBe(
    STUCK_JOB_MESSAGES.report,
  );
});
