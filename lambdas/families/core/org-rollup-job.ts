import type { Caller } from '#shared/auth/caller';
import type { OrgReportingRequest } from '#shared/contracts/org-families.schema';
import { NotFound, ValidationError } from '#shared/errors';
import { visibleClients } from '../../companies/core/fetch-companies';
import {
  clientRollupDocument,
  ORG_ROLLUP_MAX_CLIENTS,
  pdfFileName,
  type RollupLine,
  rollupZip,
  summaryCsv,
} from './org-rollup';
import { mayReportOnOrg, type OrgFamilyDeps } from './org-rollup-ports';
import { type ClientPeriodStats, type FamilyPeriod, rangePeriod } from './org-rollup-stats';

/**
 * The organisation roll-up as a job (generate_org_reporting; spec §7): the route fixes the
 * clients (those of the organisation and its sub-organisations the caller may see, at the time
 * of asking) and starts the OrgReporting state machine: ListClients -> Map over the clients, at
 * most 4 at a time (ClientReport: figures, document, PDF) -> Zip (the PDFs and summary.csv) ->
 * done with a signed link. Files live under `generated/<job_id>/` in the reports bucket.
 */

/** One client of a roll-up job, as the route fixed it. */
export interface RollupClient {
  client_uid: string;
  name: string;
  organisation: string;
  /** Its PDF's name inside the zip (unique in the job). */
  pdf: string;
}

/** What the route stores for the steps: the period and the clients. */
export interface RollupPlan {
  job_id: string;
  org_uid: string;
  organisation: string;
  period: FamilyPeriod;
  executive_only: boolean;
  clients: RollupClient[];
}

/** One Map item and its result. */
export interface RollupItem {
  job_id: string;
  client_uid: string;
}

/** The job record the steps move (the families' job store). */
export interface RollupJobs {
  /** Patches status / progress / zip_key / error. @throws NotFound when absent. */
  update(
    jobId: string,
    patch: Partial<{
      status: 'queued' | 'running' | 'done' | 'failed';
      progress: number;
      zip_key: string;
      file_base: string;
      error: string;
    }>,
  ): Promise<void>;
  /** Adds one finished client and returns how many have finished (atomic counter). */
  countDone(jobId: string): Promise<number>;
}

/** A roll-up job as stored (the families' job item shape, kind org_reporting). Instants UTC. */
export interface StoredRollupJob {
  job_id: string;
  kind: 'org_reporting';
  /** Cognito sub of the requester (only they read its status). */
  user_id: string;
  client_uid: '';
  /** What the tasks panel shows: "Organisation roll-up · Rep Co · 10/01/2026 – 10/31/2026". */
  label: string;
  request: OrgReportingRequest;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  created_at: string;
  updated_at: string;
}

/** Starts the OrgReporting state machine for a job (idempotent by job id). */
export interface RollupStart {
  start(jobId: string): Promise<void>;
}

/** The reports bucket's generated files. */
export interface RollupFiles {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
}

/** What the roll-up steps need. */
export interface RollupDeps {
  org: Pick<OrgFamilyDeps, 'stats' | 'marketName' | 'companies'>;
  jobs: RollupJobs;
  files: RollupFiles;
  /** A family document to PDF bytes through the print path (renderFamily). */
  renderPdf: (doc: ReturnType<typeof clientRollupDocument>) => Promise<Uint8Array>;
}

/** Object keys of a roll-up job's files. */
export const rollupKeys = {
  plan: (jobId: string) => `generated/${jobId}/plan.json`,
  pdf: (jobId: string, clientUid: string) => `generated/${jobId}/clients/${clientUid}.pdf`,
  line: (jobId: string, clientUid: string) => `generated/${jobId}/clients/${clientUid}.json`,
  zip: (jobId: string) => `generated/${jobId}/org-reporting.zip`,
};

/** Progress after ListClients, and the share of the bar the clients fill (Zip takes the rest). */
const LISTED = 5;
const CLIENTS_SHARE = 85;

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const parse = <T>(bytes: Uint8Array | null): T | null =>
  bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as T) : null;

/** What generate_org_reporting needs. */
export interface StartRollupDeps {
  org: Pick<OrgFamilyDeps, 'companies' | 'orgs'>;
  jobs: { create(job: StoredRollupJob): Promise<void> };
  files: RollupFiles;
  executions: RollupStart;
  newId: () => string;
  now: () => Date;
}

/**
 * generate_org_reporting: plans the roll-up for the caller, stores the plan, records the job
 * (queued, in the caller's tasks panel as org_reporting) and starts OrgReporting.
 * @throws as planOrgRollup (404 for an organisation the caller cannot see), before anything is
 *   stored.
 */
export async function startOrgRollup(
  deps: StartRollupDeps,
  caller: Caller,
  req: OrgReportingRequest,
): Promise<{ job_id: string }> {
  const jobId = deps.newId();
  const plan = await planOrgRollup(deps.org, caller, jobId, req);
  await deps.files.put(rollupKeys.plan(jobId), json(plan), 'application/json');
  const now = deps.now().toISOString();
  await deps.jobs.create({
    job_id: jobId,
    kind: 'org_reporting',
    user_id: caller.userId,
    client_uid: '',
    label: `Organisation roll-up · ${plan.organisation} · ${plan.period.label}`,
    request: req,
    status: 'queued',
    progress: 0,
    created_at: now,
    updated_at: now,
  });
  await deps.executions.start(jobId);
  return { job_id: jobId };
}

/**
 * Plans a roll-up for the caller (the route's part, before the job starts).
 * Steps: 1. the caller must belong to the organisation or its parent, or be staff (anyone
 * else, a sharee of one of its clients too, gets 404, as for an unknown one); 2. its visible clients and those of its
 * sub-organisations, by name, demo clients excluded; 3. a unique PDF name per client.
 * @throws NotFound ('Organisation') when the caller is not of it or sees no client of it; ValidationError when
 *   it has more than ORG_ROLLUP_MAX_CLIENTS clients.
 */
export async function planOrgRollup(
  deps: Pick<OrgFamilyDeps, 'companies' | 'orgs'>,
  caller: Caller,
  jobId: string,
  req: OrgReportingRequest,
): Promise<RollupPlan> {
  if (!(await mayReportOnOrg(deps.companies, caller, req.org_uid)))
    throw new NotFound('Organisation');
  const orgs = new Set([req.org_uid, ...(await deps.companies.childOrgs(req.org_uid))]);
  const { visible } = await visibleClients(deps.companies, caller);
  const clients = visible
    .map((v) => v.client)
    .filter((c) => !c.demo && orgs.has(c.org_uid))
    .sort((a, b) => a.name.localeCompare(b.name) || a.client_uid.localeCompare(b.client_uid));
  if (clients.length === 0) throw new NotFound('Organisation');
  if (clients.length > ORG_ROLLUP_MAX_CLIENTS)
    throw new ValidationError(
      `The roll-up covers at most ${ORG_ROLLUP_MAX_CLIENTS} clients; pick a sub-organisation.`,
      'org_uid',
    );
  const names = await deps.orgs.orgNames([...orgs]);
  const taken = new Set<string>();
  return {
    job_id: jobId,
    org_uid: req.org_uid,
    organisation: names.get(req.org_uid) ?? 'Organisation',
    period: rangePeriod(req.start, req.end),
    executive_only: req.executive_only ?? false,
    clients: clients.map((c) => ({
      client_uid: c.client_uid,
      name: c.name,
      organisation: names.get(c.org_uid) ?? 'Organisation',
      pdf: pdfFileName(c.name, taken),
    })),
  };
}

async function planOf(deps: RollupDeps, jobId: string): Promise<RollupPlan> {
  const plan = parse<RollupPlan>(await deps.files.get(rollupKeys.plan(jobId)));
  if (!plan) throw new NotFound('Roll-up plan');
  return plan;
}

/** ListClients: the job runs; one Map item per planned client. */
export async function listRollupClients(
  deps: RollupDeps,
  input: { job_id: string },
): Promise<{ job_id: string; items: RollupItem[] }> {
  const plan = await planOf(deps, input.job_id);
  await deps.jobs.update(input.job_id, { status: 'running', progress: LISTED });
  return {
    job_id: input.job_id,
    items: plan.clients.map((c) => ({ job_id: input.job_id, client_uid: c.client_uid })),
  };
}

/**
 * ClientReport: one client's figures, document and PDF, stored with its summary line. A client
 * that fails keeps a line with the reason (the roll-up goes on without its PDF). Retry-safe:
 * a rerun overwrites the same keys.
 */
export async function rollupClientReport(
  deps: RollupDeps,
  item: RollupItem,
): Promise<{ client_uid: string; ok: boolean }> {
  const plan = await planOf(deps, item.job_id);
  const planned = plan.clients.find((c) => c.client_uid === item.client_uid);
  if (!planned) throw new NotFound('Client');
  let line: RollupLine;
  try {
    const client = await deps.org.companies.getClient(item.client_uid);
    if (!client) throw new NotFound('Client');
    const stats: ClientPeriodStats = await deps.org.stats.statsOf(client, plan.period);
    const doc = clientRollupDocument({
      client: planned.name,
      organisation: planned.organisation,
      period: plan.period,
      stats,
      marketName: deps.org.marketName,
    });
    const pdf = await deps.renderPdf(plan.executive_only ? { ...doc, sections: [] } : doc);
    await deps.files.put(rollupKeys.pdf(item.job_id, item.client_uid), pdf, 'application/pdf');
    line = { client_uid: planned.client_uid, client: planned.name, pdf: planned.pdf, stats };
  } catch (error) {
    const reason =
      error instanceof NotFound ? 'The client no longer exists.' : 'Its report could not be made.';
    line = {
      client_uid: planned.client_uid,
      client: planned.name,
      pdf: null,
      stats: null,
      error: reason,
    };
  }
  await deps.files.put(
    rollupKeys.line(item.job_id, item.client_uid),
    json(line),
    'application/json',
  );
  const done = await deps.jobs.countDone(item.job_id);
  const progress =
    LISTED +
    Math.floor((CLIENTS_SHARE * Math.min(done, plan.clients.length)) / plan.clients.length);
  await deps.jobs.update(item.job_id, { progress });
  return { client_uid: item.client_uid, ok: line.error === undefined };
}

/**
 * Zip: every stored PDF and the summary CSV (one row per planned client, in the plan's order)
 * in one zip; the job is done with its key.
 * @returns the zip's key and size in bytes.
 */
export async function zipOrgRollup(
  deps: RollupDeps,
  input: { job_id: string },
): Promise<{ job_id: string; zip_key: string; bytes: number }> {
  const plan = await planOf(deps, input.job_id);
  const lines: RollupLine[] = [];
  const pdfs: Array<{ name: string; bytes: Uint8Array }> = [];
  for (const c of plan.clients) {
    const line = parse<RollupLine>(
      await deps.files.get(rollupKeys.line(input.job_id, c.client_uid)),
    ) ?? {
      client_uid: c.client_uid,
      client: c.name,
      pdf: null,
      stats: null,
      error: 'Its report could not be made.',
    };
    const pdf = line.pdf ? await deps.files.get(rollupKeys.pdf(input.job_id, c.client_uid)) : null;
    if (line.pdf && pdf) pdfs.push({ name: line.pdf, bytes: pdf });
    lines.push(pdf || !line.pdf ? line : { ...line, pdf: null, error: 'Its PDF is missing.' });
  }
  const zip = rollupZip(pdfs, summaryCsv(lines));
  const key = rollupKeys.zip(input.job_id);
  await deps.files.put(key, zip, 'application/zip');
  await deps.jobs.update(input.job_id, {
    status: 'done',
    progress: 100,
    zip_key: key,
    file_base: `${plan.organisation} ${plan.period.start} to ${plan.period.end}`,
  });
  return { job_id: input.job_id, zip_key: key, bytes: zip.length };
}

/** MarkFailed: the job failed; the user sees a plain reason, never the error's text. */
export async function failOrgRollup(deps: Pick<RollupDeps, 'jobs'>, input: { job_id: string }) {
  await deps.jobs.update(input.job_id, {
    status: 'failed',
    error: 'The roll-up could not be made. Try again in a few minutes.',
  });
  return { job_id: input.job_id };
}
