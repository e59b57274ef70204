import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  readableClient,
  writableClient,
} from '#shared/companies/companies';
import type {
  ReportSettingsDoc,
  SavedReport,
  SavedReportsResult,
  SavedReportView,
} from '#shared/contracts/report-session.schema';
import { Conflict, NotFound } from '#shared/errors';
import { safeId } from './keys';
import type { Clock, Ids, ReportJobs } from './ports';
import type { SavedReportRecord, SavedReportsStore, UserDirectory } from './report-session-ports';

/**
 * Saved reports: save_report with name and comments; opening a saved report shows the stale
 * dialog (spec §3 saved_report, §4 "Saved report", §7 save_report).
 * A saved report belongs to a client: everyone who may read the client sees it; saving needs
 * the `edit` permission (demo clients are read-only). Another customer's client answers 404.
 */

/** Dependencies of the saved-report use cases. */
export interface SavedReportsDeps {
  companies: CompaniesRepository;
  jobs: ReportJobs;
  saved: SavedReportsStore;
  users: UserDirectory;
  clock: Clock;
  ids: Ids;
}

/** save_report input after validation (report-session.schema.ts saveReportInputSchema). */
export interface SaveReportCommand {
  client_uid: string;
  report_id: string;
  session_uid?: string | undefined;
  name: string;
  comments: string;
  settings: ReportSettingsDoc;
  saved_id?: string | undefined;
}

/** The browser's shape: the record without who saved it (by id) and the post-log snapshot. */
function publicShape(record: SavedReportRecord): SavedReport {
  const { created_by: _by, client_snapshot: _snap, ...rest } = record;
  return rest;
}

/**
 * save_report. Steps: 1. load the client the caller may edit; 2. check the report is a
 * finished run of THIS client (its parameters are kept, so the report can be re-run); 3. store
 * name, comments, a settings snapshot and the client's post-log state with a conditional write
 * keyed by `saved_id` (a retry with the same key returns the first save).
 * @returns the saved report.
 * @throws NotFound('Client') when not visible; Forbidden without `edit` (demo clients);
 *   NotFound('Report') for an unknown, unfinished or other client's report; Conflict when the
 *   `saved_id` is already used for another report or by another user.
 */
export async function saveReport(
  deps: SavedReportsDeps,
  caller: Caller,
  input: SaveReportCommand,
): Promise<SavedReport> {
  const client = await writableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  const job = await deps.jobs.get(safeId(input.report_id, 'report_id'));
  if (!job || job.client_uid !== client.client_uid || job.status !== 'complete')
    throw new NotFound('Report');
  const record: SavedReportRecord = {
    saved_id: input.saved_id ? safeId(input.saved_id, 'saved_id') : deps.ids.next(),
    client_uid: client.client_uid,
    report_id: job.report_id,
    session_uid: input.session_uid || null,
    name: input.name,
    comments: input.comments,
    settings: input.settings,
    params: { ...job.params },
    created_at: deps.clock.now().toISOString(),
    created_by: caller.userId,
    created_by_name: await deps.users.displayName(caller.userId, caller.email ?? 'A user'),
    client_snapshot: { airings: client.airings, last_airing_utc: client.last_airing_utc },
  };
  const { created, record: stored } = await deps.saved.createSaved(record);
  if (!created && (stored.created_by !== caller.userId || stored.report_id !== record.report_id))
    throw new Conflict('This saved report id is already in use.');
  return publicShape(stored);
}

/**
 * saved_reports: the client's saved reports, newest first.
 * @throws NotFound('Client') when unknown or not readable.
 */
export async function listSavedReports(
  deps: Pick<SavedReportsDeps, 'companies' | 'saved'>,
  caller: Caller,
  input: { client_uid: string },
): Promise<SavedReportsResult> {
  const client = await readableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  const records = await deps.saved.listSaved(client.client_uid);
  return { saved_reports: records.map(publicShape) };
}

/** Why a saved report is out of date, or null (spec §4 "Saved report"). */
export function staleReason(
  client: Pick<ClientRecord, 'latest_report_id' | 'airings' | 'last_airing_utc'>,
  record: Pick<SavedReportRecord, 'report_id' | 'client_snapshot'>,
): SavedReportView['stale_reason'] {
  if (client.latest_report_id && client.latest_report_id !== record.report_id)
    return 'newer_report';
  const snap = record.client_snapshot;
  if (client.airings !== snap.airings || client.last_airing_utc !== snap.last_airing_utc)
    return 'postlog_changed';
  return null;
}

/**
 * get_saved_report. Steps: 1. load the readable client; 2. read the saved report under it (the
 * key binds it to the client, so another client's saved id finds nothing); 3. flag it stale
 * when a newer report exists or the post-log changed since the save.
 * @returns `{ saved_report, stale, stale_reason, latest_report_id }`.
 * @throws NotFound('Client'); NotFound('Saved report').
 */
export async function getSavedReport(
  deps: Pick<SavedReportsDeps, 'companies' | 'saved'>,
  caller: Caller,
  input: { client_uid: string; saved_id: string },
): Promise<SavedReportView> {
  const client = await readableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  const record = await deps.saved.getSaved(client.client_uid, safeId(input.saved_id, 'saved_id'));
  if (!record) throw new NotFound('Saved report');
  const reason = staleReason(client, record);
  return {
    saved_report: publicShape(record),
    stale: reason !== null,
    stale_reason: reason,
    latest_report_id: client.latest_report_id,
  };
}
