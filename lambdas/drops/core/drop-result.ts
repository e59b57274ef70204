import {
  DROP_RESULT_MAX_ERRORS,
  type DropLastResult,
  type DropResultFile,
} from '#shared/contracts/drops.schema';
import type { ImportJobRecord } from '../../imports/core/ports';
import type { DropMail, DropRecord } from './ports';

/** The suffix of the result file written beside each dropped file. */
export const RESULT_SUFFIX = '.result.json';

/** Where the result of dropped file `key` goes: `<key>.result.json`. */
export const resultKeyOf = (key: string): string => `${key}${RESULT_SUFFIX}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The client's report page, its data uploads open (or the report page for an organisation). */
export function reviewUrl(appOrigin: string, clientUid: string): string {
  return `${appOrigin}/ss${clientUid ? `?client=${encodeURIComponent(clientUid)}` : ''}#uploads`;
}

/**
 * The result file of a dropped file that reached the import, from its saved job: applied with
 * the counts, waiting for review with the first DROP_RESULT_MAX_ERRORS row errors and where to
 * review it, or failed with the reason.
 */
export function importedResult(
  job: ImportJobRecord,
  file: string,
  receivedAt: string,
  clientName: string | null,
  appOrigin: string,
): DropResultFile {
  const report = job.report;
  const base = {
    file,
    received_at: receivedAt,
    postlog_id: job.postlog_id,
    ...(job.client_uid && clientName
      ? { client: { client_uid: job.client_uid, name: clientName } }
      : {}),
  };
  if (job.status === 'complete' && report) {
    return {
      ...base,
      status: 'applied',
      message: `Imported ${plural(report.rows, 'row')}: ${report.new_spots} new, ${report.updated_spots} updated, ${report.unchanged_spots} unchanged airings.`,
      applied: {
        rows: report.rows,
        new_spots: report.new_spots,
        updated_spots: report.updated_spots,
        unchanged_spots: report.unchanged_spots,
        newadvertisers: report.newadvertisers,
      },
    };
  }
  if (job.status === 'review' && report) {
    const url = reviewUrl(appOrigin, job.client_uid);
    return {
      ...base,
      status: 'review',
      message: `${plural(report.error_count, 'row')} ${report.error_count === 1 ? 'has' : 'have'} errors. Nothing was imported: the file waits for review in AnalyticOwl (${url}), where the clean rows can be imported or the columns remapped; or drop a corrected file.`,
      error_count: report.error_count,
      errors: report.errors.slice(0, DROP_RESULT_MAX_ERRORS),
      review_url: url,
    };
  }
  return {
    ...base,
    status: 'failed',
    message: job.retryable
      ? `${job.message ?? ''} Nothing was imported; choose Retry in AnalyticOwl's data uploads, or drop the file again.`.trim()
      : `${job.message || 'This file could not be imported.'} Nothing was imported.`,
    ...(report && report.error_count > 0
      ? {
          error_count: report.error_count,
          errors: report.errors.slice(0, DROP_RESULT_MAX_ERRORS),
        }
      : {}),
  };
}

/** The result file of a dropped file that was not imported at all. */
export function ignoredResult(file: string, receivedAt: string, reason: string): DropResultFile {
  return { file, received_at: receivedAt, status: 'ignored', message: reason };
}

/** The drop's last use as the Drops panel lists it. */
export function lastResultOf(result: DropResultFile): DropLastResult {
  const summary =
    result.status === 'applied' && result.applied
      ? `${result.applied.new_spots} new, ${result.applied.updated_spots} updated, ${result.applied.unchanged_spots} unchanged airings`
      : result.status === 'review'
        ? `${plural(result.error_count ?? 0, 'row')} with errors: waiting for review`
        : result.message;
  return {
    file: result.file,
    status: result.status,
    postlog_id: result.postlog_id ?? null,
    summary: summary.slice(0, 300),
    at: result.received_at,
  };
}

const SUBJECTS: Record<DropResultFile['status'], string> = {
  applied: 'imported',
  review: 'needs your review',
  failed: 'could not be imported',
  ignored: 'was not imported',
};

/** The e-mail to the drop's owner about one file (plain text; no key material). */
export function resultMail(to: string, drop: DropRecord, result: DropResultFile): DropMail {
  const where = drop.client_name ? ` for ${drop.client_name}` : '';
  const lines = [
    `A file arrived in the post-log drop "${drop.label}"${where}: ${result.file}`,
    '',
    result.message,
  ];
  if (result.applied?.newadvertisers.length)
    lines.push('', `New advertisers: ${result.applied.newadvertisers.join(', ')}`);
  if (result.errors?.length) {
    lines.push('', 'First errors:');
    for (const e of result.errors.slice(0, 10))
      lines.push(`  row ${e.row}${e.field ? ` (${e.field})` : ''}: ${e.message}`);
  }
  lines.push('', `The result is also written beside the file as ${result.file}${RESULT_SUFFIX}.`);
  return {
    to,
    subject: `Post-log drop: ${result.file} ${SUBJECTS[result.status]}`,
    text: `${lines.join('\n')}\n`,
  };
}
