import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE, NotFound } from '#shared/errors';
import {
  generationStatus,
  markGenerateFailed,
  startGeneration,
  stepBuild,
  stepRender,
  type UserJobIndex,
} from '../../../lambdas/families/core/generate';
import type {
  FamilyFiles,
  FamilyJob,
  FamilyJobs,
  PeriodReports,
} from '../../../lambdas/families/core/ports';
import { alice, bob, seededCompanies } from '../reports/fakes';
import { figures, row } from './family-fixture';

class MemoryJobs implements FamilyJobs {
  readonly jobs = new Map<string, FamilyJob>();
  async create(job: FamilyJob) {
    this.jobs.set(job.job_id, structuredClone(job));
  }
  async get(id: string) {
    return structuredClone(this.jobs.get(id) ?? null);
  }
  async update(id: string, patch: Partial<FamilyJob>) {
    const job = this.jobs.get(id);
    if (!job) throw new NotFound('Report');
    this.jobs.set(id, { ...job, ...patch });
  }
  async listByUser(userId: string) {
    return [...this.jobs.values()].filter((j) => j.user_id === userId);
  }
}

class MemoryFiles implements FamilyFiles {
  readonly files = new Map<string, Uint8Array>();
  async put(key: string, bytes: Uint8Array) {
    this.files.set(key, bytes);
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async link(key: string, o: { fileName: string }) {
    return `https://files.test/${key}?name=${encodeURIComponent(o.fileName)}`;
  }
}

async function setup() {
  const companies = await seededCompanies();
  const jobs = new MemoryJobs();
  const files = new MemoryFiles();
  const sent: string[] = [];
  const indexed: Parameters<UserJobIndex['record']>[0][] = [];
  const periods: PeriodReports = {
    run: async (_c, r) =>
      r.date_start === '2024-03-01' ? figures([row('WAAA', 4, 40), row('WBBB', 4, 8)]) : null,
  };
  const clock = { now: () => new Date('2024-04-02T10:00:00Z') };
  const start = {
    companies,
    jobs,
    queue: { send: async (m: { job_id: string }) => void sent.push(m.job_id) },
    index: { record: async (e: (typeof indexed)[number]) => void indexed.push(e) },
    clock,
    ids: { next: () => 'job-1' },
  };
  const steps = {
    build: { companies, periods, clock },
    render: {
      clock,
      renderer: {
        render: async (html: string) => ({
          pdf: new TextEncoder().encode(`%PDF-1.7 ${html.length}`),
          pages: 1,
        }),
      },
    },
    jobs,
    files,
  };
  return { start, steps, jobs, files, sent, indexed };
}

describe('a generated report job', () => {
  it('is queued for a client the caller sees, listed in their tasks, then built and rendered', async () => {
    const t = await setup();
    const { job_id } = await startGeneration(t.start, alice, {
      kind: 'monthly',
      client_uid: 'client-a',
      month: '2024-03',
      csv: true,
    });
    expect(t.sent).toEqual(['job-1']);
    expect(t.indexed).toEqual([
      {
        user_id: 'alice',
        kind: 'generated_report',
        id: 'job-1',
        client_uid: 'client-a',
        started_at: '2024-04-02T10:00:00.000Z',
      },
    ]);
    expect(await generationStatus(t.steps, alice, job_id)).toMatchObject({
      status: 'queued',
      label: 'Monthly report · Acme Mattress · March 2024',
    });
    await stepBuild(t.steps, { job_id });
    expect((await generationStatus(t.steps, alice, job_id)).progress).toBe(60);
    await stepRender(t.steps, { job_id });
    const done = await generationStatus(t.steps, alice, job_id);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.pdf_url).toContain('Acme%20Mattress%20-%20Monthly%20report%20-%20March%202024.pdf');
    expect(done.csv_url).toContain('generated/job-1/tables.csv');
    const csv = new TextDecoder().decode(t.files.files.get('generated/job-1/tables.csv'));
    expect(csv).toContain('WAAA,4,40,10,');
  });

  it("refuses another customer's client before anything is queued", async () => {
    const t = await setup();
    await expect(
      startGeneration(t.start, alice, {
        kind: 'monthly',
        client_uid: 'client-b',
        month: '2024-03',
      }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(t.sent).toEqual([]);
    expect(t.jobs.jobs.size).toBe(0);
  });

  it('shows a job to the user who started it only', async () => {
    const t = await setup();
    const { job_id } = await startGeneration(t.start, alice, {
      kind: 'quarterly',
      client_uid: 'client-a',
      quarter: '2024-Q1',
    });
    await expect(generationStatus(t.steps, bob, job_id)).rejects.toBeInstanceOf(NotFound);
  });

  it('fails with the reason a user may read, or the generic message for anything internal', async () => {
    const t = await setup();
    const { job_id } = await startGeneration(t.start, alice, {
      kind: 'monthly',
      client_uid: 'client-a',
      month: '2024-03',
    });
    await markGenerateFailed(
      t.steps,
      { job_id },
      { Error: 'Error', Cause: 'socket hang up at 10.0.0.1' },
    );
    expect((await generationStatus(t.steps, alice, job_id)).error).toBe(GENERIC_ERROR_MESSAGE);
    await markGenerateFailed(
      t.steps,
      { job_id },
      { Error: 'ValidationError', Cause: "The campaign's flight does not cover March 2024." },
    );
    expect((await generationStatus(t.steps, alice, job_id)).error).toBe(
      "The campaign's flight does not cover March 2024.",
    );
  });
});
