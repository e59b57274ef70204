import type { Caller } from '#shared/auth/caller';
import type { ClientRecord } from '#shared/companies/companies';
import {
  type FamilyDocument,
  type FamilyGenerateRequest,
  type FamilyJobStatusResult,
  type FamilyKind,
  familyDocumentSchema,
} from '#shared/contracts/families.schema';
import { GENERIC_ERROR_MESSAGE, NotFound } from '#shared/errors';
import { buildFamilyDocument, requestClient } from './build';
import { monthPeriod, quarterPeriod } from './family-periods';
import type {
  BuildDeps,
  Clock,
  FamilyFiles,
  FamilyJob,
  FamilyJobs,
  GenerateQueue,
  Ids,
  RenderDeps,
} from './ports';
import { renderFamily } from './render';

/**
 * The generation jobs of the report families (spec §7 *_generate, generated_report_status):
 * a generate call checks what it can at once and queues a job; the Generate state machine
 * builds the document (Build) and prints it (Render); MarkFailed records a failure. The tasks
 * panel shows each job through the user's job index (kind generated_report).
 */

/** Progress after each step (the status call and the tasks panel show it). */
export const GENERATE_PROGRESS = { queued: 5, built: 60, rendered: 100 } as const;

/** How long links of a generated report's files work, seconds. */
export const GENERATED_LINK_S = 15 * 60;

/** Object keys of a job's files in the reports bucket. */
export const generatedKeys = {
  document: (jobId: string) => `generated/${jobId}/document.json`,
  pdf: (jobId: string) => `generated/${jobId}/report.pdf`,
  csv: (jobId: string) => `generated/${jobId}/tables.csv`,
};

/** What each family is called on screens, in file names and in the tasks panel. */
export const FAMILY_TITLES: Record<FamilyKind | 'org_reporting', string> = {
  monthly: 'Monthly report',
  monthly_ng: 'Monthly streaming and podcast report',
  monthly_tsq: 'Station monthly report',
  quarterly: 'Quarterly report',
  advertiser: 'Advertiser report',
  activity: 'Activity report',
  org_reporting: 'Organisation roll-up',
};

/** The user's job index (layers/shared/jobs/user-jobs.ts), kind generated_report. */
export interface UserJobIndex {
  record(entry: {
    user_id: string;
    kind: 'generated_report' | 'org_reporting';
    id: string;
    client_uid: string;
    started_at: string;
  }): Promise<void>;
}

/** What starting a generation needs. */
export interface StartDeps extends Pick<BuildDeps, 'companies'> {
  jobs: FamilyJobs;
  queue: GenerateQueue;
  index: UserJobIndex;
  clock: Clock;
  ids: Ids;
}

/** The period a request names, as shown ("October 2026", "Q3 2026", or its dates). */
function periodLabel(request: FamilyGenerateRequest): string {
  if (request.month) return monthPeriod(request.month).label;
  if (request.quarter) return quarterPeriod(request.quarter).label;
  if (request.start && request.end) return `${request.start} to ${request.end}`;
  return '';
}

/**
 * Starts a family report (every *_generate route).
 * Steps: 1. the client the request names must be one the caller may see, and its period must
 * be a real month or quarter (errors answer at once, nothing is queued); 2. a job `queued` at
 * GENERATE_PROGRESS.queued, remembering who asked (the Build step checks again with the same
 * caller); 3. the caller's job index entry (the tasks panel); 4. the queue message.
 * @returns `{ job_id }`.
 * @throws NotFound ('Client') for a client the caller may not see or that does not exist (the
 *   same answer); ValidationError naming month or quarter.
 */
export async function startGeneration(
  deps: StartDeps,
  caller: Caller,
  request: FamilyGenerateRequest,
): Promise<{ job_id: string }> {
  const client: ClientRecord | null = request.client_uid
    ? await requestClient(deps, caller, request)
    : null;
  const period = periodLabel(request);
  const now = deps.clock.now().toISOString();
  const jobId = deps.ids.next();
  const title = FAMILY_TITLES[request.kind];
  const job: FamilyJob = {
    job_id: jobId,
    kind: request.kind,
    user_id: caller.userId,
    caller,
    client_uid: client?.client_uid ?? '',
    label: [title, client?.name, period].filter(Boolean).join(' · '),
    request,
    status: 'queued',
    progress: GENERATE_PROGRESS.queued,
    created_at: now,
    updated_at: now,
  };
  await deps.jobs.create(job);
  await deps.index.record({
    user_id: caller.userId,
    kind: 'generated_report',
    id: jobId,
    client_uid: job.client_uid,
    started_at: now,
  });
  await deps.queue.send({ job_id: jobId });
  return { job_id: jobId };
}

/**
 * generated_report_status: the caller's own job with its progress and, when done, short-lived
 * links (GENERATED_LINK_S) to the PDF (opens inline) and the CSV (downloads).
 * @throws NotFound ('Report') when there is no such job or another user started it.
 */
export async function generationStatus(
  deps: { jobs: FamilyJobs; files: FamilyFiles },
  caller: Caller,
  jobId: string,
): Promise<FamilyJobStatusResult> {
  const job = await deps.jobs.get(jobId);
  if (!job || job.user_id !== caller.userId) throw new NotFound('Report');
  return statusOf(deps.files, job);
}

/** The status answer of a job (links only when done). */
export async function statusOf(files: FamilyFiles, job: FamilyJob): Promise<FamilyJobStatusResult> {
  const base = job.file_base ?? 'report';
  const [pdfUrl, csvUrl, zipUrl] = await Promise.all([
    job.status === 'done' && job.pdf_key
      ? files.link(job.pdf_key, {
          fileName: `${base}.pdf`,
          download: false,
          contentType: 'application/pdf',
        })
      : undefined,
    job.status === 'done' && job.csv_key
      ? files.link(job.csv_key, {
          fileName: `${base}.csv`,
          download: true,
          contentType: 'text/csv; charset=utf-8',
        })
      : undefined,
    job.status === 'done' && job.zip_key
      ? files.link(job.zip_key, {
          fileName: `${base}.zip`,
          download: true,
          contentType: 'application/zip',
        })
      : undefined,
  ]);
  return {
    job_id: job.job_id,
    kind: job.kind,
    status: job.status,
    progress: job.status === 'done' ? 100 : job.progress,
    label: job.label,
    created_at: job.created_at,
    ...(pdfUrl ? { pdf_url: pdfUrl } : {}),
    ...(csvUrl ? { csv_url: csvUrl } : {}),
    ...(zipUrl ? { zip_url: zipUrl } : {}),
    ...(job.status === 'failed' ? { error: job.error ?? GENERIC_ERROR_MESSAGE } : {}),
  };
}

/** The input and output of every Generate step. */
export interface GeneratePayload {
  job_id: string;
}

/** What the Build and Render steps need. */
export interface StepDeps {
  build: BuildDeps;
  render: Pick<RenderDeps, 'renderer' | 'clock'>;
  jobs: FamilyJobs;
  files: FamilyFiles;
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

async function mustJob(jobs: FamilyJobs, jobId: string): Promise<FamilyJob> {
  const job = await jobs.get(jobId);
  if (!job) throw new NotFound('Report');
  return job;
}

/**
 * Build: marks the job running, builds the document for the caller who asked (their access is
 * checked again: a share withdrawn meanwhile fails the job) and keeps it in the reports bucket
 * with whether its client's data is sample data; progress GENERATE_PROGRESS.built.
 * @throws what buildFamilyDocument throws (the state machine's Catch records it).
 */
export async function stepBuild(deps: StepDeps, p: GeneratePayload): Promise<GeneratePayload> {
  const job = await mustJob(deps.jobs, p.job_id);
  await deps.jobs.update(job.job_id, { status: 'running' });
  const doc = await buildFamilyDocument(deps.build, job.caller, job.request);
  const client = job.client_uid ? await deps.build.companies.getClient(job.client_uid) : null;
  await deps.files.put(
    generatedKeys.document(job.job_id),
    encode({ doc, sample: client?.sample_data === true }),
    'application/json',
  );
  await deps.jobs.update(job.job_id, { progress: GENERATE_PROGRESS.built });
  return p;
}

/**
 * Render: prints the built document (renderFamily: PDF through the print path, CSV of its
 * tables when asked), stores them under generated/<job_id>/ and marks the job done with their
 * keys and a file name ("Acme Mattress - Monthly report - October 2026").
 * @throws Error when the document is missing or the browser cannot print.
 */
export async function stepRender(deps: StepDeps, p: GeneratePayload): Promise<GeneratePayload> {
  const job = await mustJob(deps.jobs, p.job_id);
  const bytes = await deps.files.get(generatedKeys.document(job.job_id));
  if (!bytes) throw new Error(`work object missing: ${generatedKeys.document(job.job_id)}`);
  const stored = JSON.parse(new TextDecoder().decode(bytes)) as { doc: unknown; sample: boolean };
  const doc: FamilyDocument = familyDocumentSchema.parse(stored.doc);
  const out = await renderFamily(deps.render, doc, {
    csv: job.request.csv === true,
    sample: stored.sample,
  });
  await deps.files.put(generatedKeys.pdf(job.job_id), out.pdf, 'application/pdf');
  if (out.csv !== null)
    await deps.files.put(
      generatedKeys.csv(job.job_id),
      new TextEncoder().encode(out.csv),
      'text/csv; charset=utf-8',
    );
  await deps.jobs.update(job.job_id, {
    status: 'done',
    progress: GENERATE_PROGRESS.rendered,
    pdf_key: generatedKeys.pdf(job.job_id),
    ...(out.csv !== null ? { csv_key: generatedKeys.csv(job.job_id) } : {}),
    file_base: fileBase(doc),
  });
  return p;
}

/** A file name without extension: title, family, period; only letters, digits, spaces, `-`. */
export function fileBase(doc: FamilyDocument): string {
  const clean = (s: string) =>
    s
      .replace(/[^A-Za-z0-9 -]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return [doc.title, FAMILY_TITLES[doc.kind], doc.period.label]
    .map(clean)
    .filter(Boolean)
    .join(' - ')
    .slice(0, 120);
}

/** Error names (Step Functions `Error`) whose message is safe to show the user. */
const USER_SAFE = new Set(['ValidationError', 'NotFound', 'ReportDataMissing']);

/**
 * The text the user sees for a failed job (spec §8): the message of a user-safe error (bad
 * request, client or campaign gone), else the generic message; internals never reach the screen.
 */
export function safeGenerateFailure(error: { Error?: string; Cause?: string } | undefined) {
  if (!error?.Error || !USER_SAFE.has(error.Error)) return GENERIC_ERROR_MESSAGE;
  const cause = error.Cause?.trim() ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' && parsed.errorMessage
      ? parsed.errorMessage
      : GENERIC_ERROR_MESSAGE;
  } catch {
    return cause || GENERIC_ERROR_MESSAGE;
  }
}

/** MarkFailed: the job becomes failed with a safe message. @returns the payload. */
export async function markGenerateFailed(
  deps: { jobs: FamilyJobs },
  p: GeneratePayload,
  error: { Error?: string; Cause?: string } | undefined,
): Promise<GeneratePayload> {
  await deps.jobs.update(p.job_id, { status: 'failed', error: safeGenerateFailure(error) });
  return p;
}
