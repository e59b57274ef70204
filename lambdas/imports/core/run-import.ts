import {
  emptyImportReport,
  fileSizeMessage,
  type HeaderMapping,
  IMPORT_LIMITS,
  type ImportIssue,
  type ImportReport,
} from '#shared/contracts/postlog.schema';
import { NotFound } from '#shared/errors';
import type { KnownStore } from '#shared/locations/locations';
import { applyAirings } from './apply-airings';
import { applyFootTraffic } from './apply-foot-traffic';
import { applyVisits } from './apply-visits';
import { csvRecords } from './csv-records';
import { ImportLimitError, UPLOAD_CSV_LIMITS } from './limits';
import { FOOT_TRAFFIC_HEADERS, parseFootTraffic } from './parse-foot-traffic';
import { parsePostlog } from './parse-postlog';
import { parseVisits } from './parse-visits';
import type { ImportDeps, ImportJobRecord } from './ports';
import { unmatchedStations } from './postlog-stations';
import type { FootTrafficColumns } from './types';

/** How to read the job's file (confirm_import's choices). */
export interface ReadChoices {
  mapping?: Partial<HeaderMapping>;
  fixYears?: boolean;
  /** Apply the clean rows even when some rows have errors (confirm_import). */
  applyWithErrors: boolean;
}

/** The outcome: the job's next status and what it shows. */
export interface ImportOutcome {
  status: 'complete' | 'review' | 'failed';
  report: ImportReport;
  headers: string[];
  mapping?: HeaderMapping;
  message?: string;
  client_uid?: string;
}

function issues(report: ImportReport, errors: ImportIssue[], errorCount: number) {
  report.errors = errors;
  report.error_count = errorCount;
  if (errors.length < errorCount)
    report.note += `Showing the first ${errors.length} of ${errorCount} errors. `;
}

/**
 * Reads the job's uploaded file and, when allowed, applies it (spec §3/§4 "Post-log import";
 * visits and foot traffic alike). Steps: 1. refuse an object over its kind's size limit;
 * 2. parse (post-log with header match, visits or foot traffic) under the upload limits;
 * 3. errors and not confirmed -> 'review' with the report, NOTHING applied; 4. otherwise upsert
 * the clean rows into the lake -> 'complete'. A visits or foot-traffic file with an unknown
 * header, or any file past an upload limit (IMPORT_LIMITS) -> 'failed' with a message naming
 * it, nothing applied.
 */
export async function runImport(
  deps: ImportDeps,
  job: ImportJobRecord,
  choices: ReadChoices,
): Promise<ImportOutcome> {
  try {
    const { bytes, body: stored } = await deps.uploads.read(job.object_key);
    const max = IMPORT_LIMITS.maxBytes[job.kind];
    if (bytes > max) throw new ImportLimitError(fileSizeMessage(job.kind, bytes));
    const body = cappedBytes(stored, bytes, max, (read) => fileSizeMessage(job.kind, read));
    if (job.kind === 'visits') return await runVisits(deps, job, body, choices);
    if (job.kind === 'foot_traffic') return await runFootTraffic(deps, job, body, choices);
    return await runPostlog(deps, job, body, choices);
  } catch (error) {
    if (!(error instanceof ImportLimitError)) throw error;
    return { status: 'failed', report: emptyImportReport(0), headers: [], message: error.message };
  }
}

/**
 * The bytes of `body`, refusing more than `max` of them (should the stored size have been
 * wrong): the check the worker makes while it reads. A stream that ends before the `stored`
 * size (bytes; 0 = unknown) was cut mid-read: its last row would otherwise be reported as the
 * file's error and the import parked for review.
 * @throws ImportLimitError with `message(bytes read)` once past `max`; a plain Error (the import
 *   stops, retryable, nothing applied) when the stream ends short of `stored`.
 */
async function* cappedBytes(
  body: Body,
  stored: number,
  max: number,
  message: (bytes: number) => string,
): AsyncGenerator<string | Uint8Array> {
  let read = 0;
  for await (const chunk of body) {
    read += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (read > max) throw new ImportLimitError(message(read));
    yield chunk;
  }
  if (read < stored)
    throw new Error(`The stored file's read ended after ${read} of ${stored} bytes.`);
}

type Body = AsyncIterable<string | Uint8Array>;

/** An unreadable header: the job fails with the parser's message. */
function failed(report: ImportReport, errors: ImportIssue[]): ImportOutcome {
  return {
    status: 'failed',
    report,
    headers: [],
    message: errors[0]?.message ?? 'Unreadable file.',
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Website visits: upserted by (bucket_utc, dma_code). */
async function runVisits(
  deps: ImportDeps,
  job: ImportJobRecord,
  body: Body,
  choices: ReadChoices,
): Promise<ImportOutcome> {
  const parsed = await parseVisits(body);
  const report = emptyImportReport(parsed.rows);
  issues(report, parsed.errors, parsed.error_count);
  if (!parsed.visits) return failed(report, parsed.errors);
  const headers = parsed.columns;
  if (parsed.error_count > 0 && !choices.applyWithErrors)
    return { status: 'review', report, headers };
  const applied = await applyVisits(deps, job.client_uid, parsed.visits);
  Object.assign(report, applied);
  // Onboarding progress (the task list): the client now has visits.
  if (applied.new_spots + applied.updated_spots > 0)
    await deps.companies.updateClient(job.client_uid, { has_visits: true });
  report.note += `${parsed.visits.length} ${parsed.visits.resolution} rows over ${applied.dates} UTC days.`;
  return { status: 'complete', report, headers, client_uid: job.client_uid };
}

/** Foot traffic: like visits, upserted by (bucket_utc, location_id). */
async function runFootTraffic(
  deps: ImportDeps,
  job: ImportJobRecord,
  body: Body,
  choices: ReadChoices,
): Promise<ImportOutcome> {
  const parsed = await parseFootTraffic(body);
  const report = emptyImportReport(parsed.rows);
  issues(report, parsed.errors, parsed.error_count);
  const rows = parsed.footTraffic;
  if (!rows) return failed(report, parsed.errors);
  const headers = FOOT_TRAFFIC_HEADERS[rows.resolution].split(',');
  if (parsed.error_count > 0 && !choices.applyWithErrors)
    return { status: 'review', report, headers };
  const applied = await applyFootTraffic(deps, job.client_uid, rows);
  await deps.knownStores?.recordKnownStores(job.client_uid, storesOf(rows));
  report.new_spots = applied.new_spots;
  report.updated_spots = applied.updated_spots;
  report.unchanged_spots = applied.unchanged_spots;
  report.note += `${plural(rows.length, `${rows.resolution} row`)} for ${plural(applied.locations, 'location')} over ${plural(applied.dates, 'UTC day')}.`;
  return { status: 'complete', report, headers, client_uid: job.client_uid };
}

/**
 * The distinct stores of a foot-traffic file with the DMA of their last row ('' when empty): the
 * stores find_location offers the client.
 */
export function storesOf(rows: FootTrafficColumns): KnownStore[] {
  const dma = new Map<string, string>();
  for (let i = 0; i < rows.length; i++) {
    const id = rows.locationIds[rows.locationIndex[i] ?? 0] ?? '';
    dma.set(id, rows.dmaCodes[rows.dmaIndex[i] ?? 0] ?? '');
  }
  return [...dma].map(([store_id, dma_code]) => ({ store_id, dma_code }));
}

/** A post-log: header match, then airings upserted by airing_key (spec §3/§4). */
async function runPostlog(
  deps: ImportDeps,
  job: ImportJobRecord,
  body: Body,
  choices: ReadChoices,
): Promise<ImportOutcome> {
  // An upload made for a client writes to that client only (its name is every row's advertiser).
  const client = job.client_uid ? await deps.companies.getClient(job.client_uid) : null;
  if (job.client_uid && !client) throw new NotFound('Client');
  const parsed = await parsePostlog(csvRecords(body, UPLOAD_CSV_LIMITS), {
    maxRows: IMPORT_LIMITS.maxPostlogRows,
    advertiser: client?.name ?? job.advertiser ?? 'Advertiser',
    ...(client ? { onlyAdvertiser: client.name } : {}),
    defaultTz: client?.postlog_timezone,
    mapping: choices.mapping,
    fixYears: choices.fixYears,
    markets: await deps.markets(),
  });
  const report = emptyImportReport(parsed.rows);
  issues(report, parsed.errors, parsed.error_count);
  report.warnings = parsed.warnings;
  report.warning_count = parsed.warning_count;
  if (parsed.duplicates > 0) report.note += `${parsed.duplicates} duplicate rows counted once. `;
  const base = { report, headers: parsed.headers, mapping: parsed.mapping };
  const blocked = parsed.airings.length === 0 && parsed.error_count > 0;
  if ((parsed.error_count > 0 && !choices.applyWithErrors) || blocked) {
    return { status: 'review', ...base };
  }
  const applied = await applyAirings(
    deps,
    client ? { client } : { orgUid: job.org_uid },
    parsed.airings,
  );
  const { client_uids, ...counts } = applied;
  Object.assign(report, counts);
  // Informational only, after the airings landed: a missing station, or a station list that
  // cannot be read, never fails an import.
  const list = deps.stations ? await deps.stations().catch(() => []) : [];
  const unmatched = unmatchedStations(list, parsed.airings);
  if (unmatched) Object.assign(report, unmatched);
  report.note += `${counts.new_spots} new, ${counts.updated_spots} updated, ${counts.unchanged_spots} unchanged airings.`;
  return { status: 'complete', ...base, client_uid: client_uids[0] ?? job.client_uid };
}
