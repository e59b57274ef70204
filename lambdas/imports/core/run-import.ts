import {
  emptyImportReport,
  type HeaderMapping,
  type ImportIssue,
  type ImportReport,
} from '../../../layers/shared/contracts/postlog.schema';
import { applyAirings } from './apply-airings';
import { applyVisits } from './apply-visits';
import { csvRecords } from './csv-records';
import { parsePostlog } from './parse-postlog';
import { parseVisits, VISITS_HEADERS } from './parse-visits';
import type { ImportDeps, ImportJobRecord } from './ports';

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
 * issue #2 §3). Steps: 1. parse (post-log with header match, or visits); 2. errors and not
 * confirmed -> 'review' with the report, NOTHING applied; 3. otherwise upsert the clean rows
 * into the lake -> 'complete'. A visits file with an unknown header -> 'failed'.
 */
export async function runImport(
  deps: ImportDeps,
  job: ImportJobRecord,
  choices: ReadChoices,
): Promise<ImportOutcome> {
  const body = await deps.uploads.read(job.object_key);
  if (job.kind === 'visits') {
    const parsed = await parseVisits(body);
    const report = emptyImportReport(parsed.rows);
    issues(report, parsed.errors, parsed.error_count);
    if (!parsed.visits) {
      return {
        status: 'failed',
        report,
        headers: [],
        message: parsed.errors[0]?.message ?? 'Unreadable file.',
      };
    }
    const headers = VISITS_HEADERS[parsed.visits.resolution].split(',');
    if (parsed.error_count > 0 && !choices.applyWithErrors)
      return { status: 'review', report, headers };
    const applied = await applyVisits(deps, job.client_uid, parsed.visits);
    Object.assign(report, applied);
    report.note += `${parsed.visits.length} ${parsed.visits.resolution} rows over ${applied.dates} UTC days.`;
    return { status: 'complete', report, headers, client_uid: job.client_uid };
  }

  const existing = job.client_uid ? await deps.companies.getClient(job.client_uid) : null;
  const parsed = await parsePostlog(csvRecords(body), {
    advertiser: job.advertiser ?? existing?.name ?? 'Advertiser',
    defaultTz: existing?.postlog_timezone,
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
  const applied = await applyAirings(deps, job.org_uid, parsed.airings);
  const { client_uids, ...counts } = applied;
  Object.assign(report, counts);
  report.note += `${counts.new_spots} new, ${counts.updated_spots} updated, ${counts.unchanged_spots} unchanged airings.`;
  return { status: 'complete', ...base, client_uid: client_uids[0] ?? job.client_uid };
}
