import { clientPerms } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  loadAccess,
  readableClient,
} from '#shared/companies/companies';
import type {
  CompanyQueueResult,
  QueueItem,
  QueueReportType,
} from '#shared/contracts/company-queue.schema';
import { ValidationError } from '#shared/errors';
import { USER_JOB_TTL_S } from '#shared/jobs/user-jobs';
import { type JobSnapshot, jobRef, type QueueJobs, type UserJobEntry } from './queue-ports';

/**
 * The tasks panel's jobs (spec §3 "Queue item", §4 "Queue (companies)", §7
 * company_queue_monitor / company_queue_clear): the caller's own post-log and visits imports,
 * GA4 pulls and report runs, read from the caller's job index (layers/shared/jobs/user-jobs.ts)
 * and each job's own item. Pure: storage behind QueueJobs.
 */

/** A finished job stays in the panel this long after it finished, seconds (spec §4). */
export const QUEUE_FINISHED_WINDOW_S = 24 * 3600;

/**
 * Progress of an import, which records no percentage: waiting for its file 10, file in and
 * being read 50 (the import worker reads, checks and applies in one run).
 */
const IMPORT_STAGE_PROGRESS: Partial<Record<JobSnapshot['status'], number>> = {
  queued: 10,
  running: 50,
};

/** What the panel says of a job without a message of its own. */
const DEFAULT_MESSAGES = {
  failed: 'This job did not finish. Open the client to see why and try again.',
  review: 'Some rows need your review: open Data uploads to confirm the import.',
} as const;

const LABELS: Record<QueueReportType, string> = {
  postlog_import: 'Post-log import',
  visits_import: 'Visits import',
  ga_pull: 'Google Analytics pull',
  report: 'Report run',
  generated_report: 'Generated report',
  org_reporting: 'Organisation roll-up',
};

/** What company_queue_monitor and company_queue_clear need. */
export interface CompanyQueueDeps {
  companies: CompaniesRepository;
  jobs: QueueJobs;
  now: () => Date;
  /** The deployed app's build id (layers/shared/build-id.ts). */
  version: string;
}

const finished = (s: JobSnapshot) => !(s.status === 'queued' || s.status === 'running');

/** The panel's view of one job: progress 0-100, finished either way at 100. */
function toItem(
  entry: UserJobEntry,
  snap: JobSnapshot,
  client: Pick<ClientRecord, 'client_uid' | 'name'>,
): QueueItem {
  const done = finished(snap);
  const failed = snap.status === 'failed';
  let progress: number;
  if (done) progress = 100;
  else if (typeof snap.progress === 'number' && Number.isFinite(snap.progress))
    progress = Math.min(99, Math.max(0, Math.round(snap.progress)));
  else if (entry.kind === 'postlog_import' || entry.kind === 'visits_import')
    progress = IMPORT_STAGE_PROGRESS[snap.status] ?? 0;
  else progress = 0;
  let message: string | null = null;
  if (failed) message = snap.message || DEFAULT_MESSAGES.failed;
  else if (snap.status === 'review') message = snap.message || DEFAULT_MESSAGES.review;
  return {
    client_uid: client.client_uid,
    client_name: client.name,
    report_type: entry.kind,
    id: entry.id,
    label: snap.detail ? `${LABELS[entry.kind]}: ${snap.detail}` : LABELS[entry.kind],
    progress,
    complete: done,
    failed,
    message,
    report_id: entry.kind === 'report' ? (snap.report_id ?? entry.id) : null,
    started_at: entry.started_at,
  };
}

/** One job the caller may see, with its index entry. */
interface Listed {
  entry: UserJobEntry;
  item: QueueItem;
}

/**
 * The caller's listed jobs, newest first: 1. the caller's index entries of the index's
 * lifetime; 2. each job's state (a job whose item is gone is left out); 3. running jobs, and
 * finished ones of the last QUEUE_FINISHED_WINDOW_S not hidden since they finished; 4. only
 * jobs of clients the caller can still view (a share withdrawn, a client merged away: gone);
 * a post-log import whose client is not known yet (client_uid '') is the caller's own upload.
 */
async function listJobs(deps: CompanyQueueDeps, caller: Caller): Promise<Listed[]> {
  const now = deps.now();
  const since = new Date(now.getTime() - USER_JOB_TTL_S * 1000).toISOString();
  const finishedSince = new Date(now.getTime() - QUEUE_FINISHED_WINDOW_S * 1000).toISOString();
  const entries = (await deps.jobs.listUserJobs(caller.userId, since)).filter(
    (e) => e.user_id === caller.userId,
  );
  if (entries.length === 0) return [];
  const snaps = await deps.jobs.snapshots(entries);
  const shown: Array<{ entry: UserJobEntry; snap: JobSnapshot; clientUid: string }> = [];
  for (const entry of entries) {
    const snap = snaps.get(jobRef(entry));
    if (!snap) continue;
    const clientUid = snap.client_uid || entry.client_uid;
    if (finished(snap)) {
      // A job that keeps no finish time counts from its start.
      const finishedAt = snap.updated_at || entry.started_at;
      if (finishedAt < finishedSince) continue;
      if (entry.hidden_at && entry.hidden_at >= finishedAt) continue;
    }
    shown.push({ entry, snap, clientUid });
  }
  const clients = await visibleClients(deps.companies, caller, [
    ...new Set(shown.map((s) => s.clientUid).filter((uid) => uid !== '')),
  ]);
  const out: Listed[] = [];
  for (const s of shown) {
    // A post-log import names its client only when it lands: until then it is the caller's own
    // upload, shown under the advertiser it names.
    const client = s.clientUid
      ? clients.get(s.clientUid)
      : { client_uid: '', name: s.snap.advertiser ?? '' };
    if (client) out.push({ entry: s.entry, item: toItem(s.entry, s.snap, client) });
  }
  return out.sort((a, b) => b.entry.started_at.localeCompare(a.entry.started_at));
}

/** The clients among `uids` the caller may view (one access look-up for all). */
async function visibleClients(
  companies: CompaniesRepository,
  caller: Caller,
  uids: readonly string[],
): Promise<Map<string, ClientRecord>> {
  const loaded = (await Promise.all(uids.map((uid) => companies.getClient(uid)))).filter(
    (c): c is ClientRecord => c !== null,
  );
  if (loaded.length === 0) return new Map();
  const access = await loadAccess(companies, caller, [...new Set(loaded.map((c) => c.org_uid))]);
  return new Map(
    loaded.filter((c) => clientPerms(caller, c, access).view).map((c) => [c.client_uid, c]),
  );
}

/**
 * company_queue_monitor (spec §7; polled every COMPANY_QUEUE_POLL_MS while any item is
 * incomplete): `user` = the caller's jobs over every client they can view, `client` = those of
 * `current_report_client_uid`, newest first; `version` = the deployed build id.
 * @throws NotFound when current_report_client_uid is unknown or not viewable by the caller.
 */
export async function companyQueueMonitor(
  deps: CompanyQueueDeps,
  caller: Caller,
  input: { current_report_client_uid?: string },
): Promise<CompanyQueueResult> {
  const current = input.current_report_client_uid;
  if (current) await readableClient(deps.companies, caller, current);
  const listed = await listJobs(deps, caller);
  const user = listed.map((l) => l.item);
  return {
    user,
    client: current ? user.filter((i) => i.client_uid === current) : [],
    version: deps.version,
  };
}

/**
 * company_queue_clear (spec §4 "queues can be cleared whole or per item"): hides the caller's
 * finished items of the user queue, or of one client's queue, from the panel; with `id` only
 * that job. Running jobs are never hidden and go on; the jobs themselves are untouched.
 * @returns how many items were hidden.
 * @throws ValidationError when the client queue names no client_uid; NotFound when that client
 *   is unknown or not viewable by the caller.
 */
export async function companyQueueClear(
  deps: CompanyQueueDeps,
  caller: Caller,
  input: { queue: 'user' | 'client'; id?: string; client_uid?: string },
): Promise<{ cleared: number }> {
  if (input.queue === 'client') {
    if (!input.client_uid)
      throw new ValidationError('Name the client whose queue to clear.', 'client_uid');
    await readableClient(deps.companies, caller, input.client_uid);
  }
  const hide = (await listJobs(deps, caller))
    .filter((l) => l.item.complete)
    .filter((l) => input.queue === 'user' || l.item.client_uid === input.client_uid)
    .filter((l) => input.id === undefined || l.item.id === input.id)
    .map((l) => l.entry);
  if (hide.length > 0) await deps.jobs.hide(hide, deps.now().toISOString());
  return { cleared: hide.length };
}
