import type { ImportIssue, ImportReport } from '#shared/contracts/postlog.schema';

/**
 * Helpers for showing an import job's report (spec §3 "Post-log import job", §5 post-log rules).
 */

/** One issue as a line: `"Row 12, date: year 0016 is not valid (proposed: 2016)"`. */
export function issueLine(issue: ImportIssue): string {
  const base = `Row ${issue.row}, ${issue.field}: ${issue.message}`;
  return issue.proposed ? `${base} (proposed: ${issue.proposed})` : base;
}

/**
 * Rows without any error, i.e. what "Import N clean rows" imports. With `acceptFixes`, an error
 * that carries a proposed fix (year 0016 -> 2016) no longer makes its row unclean. Counts
 * distinct error rows when the errors list is complete; when the list is truncated
 * (error_count > listed), assumes one unfixable error per row beyond the list, so the number
 * never overstates. Never below 0.
 */
export function cleanRowCount(report: ImportReport, acceptFixes = false): number {
  const blocking = report.errors.filter((e) => !(acceptFixes && e.proposed !== undefined));
  const listedRows = new Set(blocking.map((e) => e.row)).size;
  const unlisted = Math.max(0, report.error_count - report.errors.length);
  return Math.max(0, report.rows - listedRows - unlisted);
}

/** "1 clean row" / "3 clean rows". */
export function cleanRowsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} clean ${count === 1 ? 'row' : 'rows'}`;
}

/** True when any error or warning carries a proposed fix (e.g. year 0016 -> 2016). */
export function hasProposedFixes(report: ImportReport): boolean {
  return [...report.errors, ...report.warnings].some((i) => i.proposed !== undefined);
}
