import type { ImportIssue, ImportReport, ImportStatus } from '#shared/contracts/postlog.schema';
import type { ImportJobRecord, ImportJobs } from './ports';
import { quoteCell } from './quote-cell';

/** Most errors, warnings, and new advertisers, stations or markets a job's report lists. */
export const MAX_REPORT_ITEMS = 100;

/** Longest issue message, field, proposed fix, list entry and note a job record keeps. */
const MAX_MESSAGE = 300;
const MAX_FIELD = 64;
const MAX_ENTRY = 100;
const MAX_NOTE = 2000;

/**
 * Bytes a job record may take. DynamoDB refuses items over 400 KB (and a refused write would
 * leave the job unfinished); a quarter of that leaves room for the keys and whatever the
 * record already holds.
 */
export const JOB_RECORD_BUDGET_BYTES = 100 * 1024;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** One issue with every text clipped (messages quote cells with quoteCell already). */
function boundIssue(issue: ImportIssue): ImportIssue {
  const out: ImportIssue = {
    row: issue.row,
    field: clip(issue.field, MAX_FIELD),
    message: clip(issue.message, MAX_MESSAGE),
  };
  if (issue.proposed !== undefined) out.proposed = clip(issue.proposed, MAX_ENTRY);
  return out;
}

/**
 * A report the job record can hold, whatever the file held: at most MAX_REPORT_ITEMS errors,
 * warnings and new advertisers, stations and markets (the counts stay exact; the note says how
 * many more new entities there were), each text clipped. A station name comes from the file,
 * so a list entry is quoted like a cell when it is too long.
 */
export function boundReport(report: ImportReport): ImportReport {
  let note = report.note;
  const list = (items: readonly string[], what: string) => {
    if (items.length > MAX_REPORT_ITEMS) {
      note += ` …and ${items.length - MAX_REPORT_ITEMS} more ${what}.`;
    }
    return items
      .slice(0, MAX_REPORT_ITEMS)
      .map((s) => (s.length > MAX_ENTRY ? quoteCell(s, MAX_ENTRY) : s));
  };
  const bounded: ImportReport = {
    ...report,
    errors: report.errors.slice(0, MAX_REPORT_ITEMS).map(boundIssue),
    warnings: report.warnings.slice(0, MAX_REPORT_ITEMS).map(boundIssue),
    newadvertisers: list(report.newadvertisers, 'new advertisers'),
    newstations: list(report.newstations, 'new stations'),
    newmarkets: list(report.newmarkets, 'new markets'),
  };
  bounded.note = clip(note.trim(), MAX_NOTE);
  return bounded;
}

/** What the worker writes on a job when it finishes a step. */
export type JobPatch = Partial<Omit<ImportJobRecord, 'postlog_id' | 'org_uid'>>;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null));

/**
 * The size guard run before every job write that carries file data: bounds the report
 * (boundReport), the message and the header names, then, while the patch is still over
 * JOB_RECORD_BUDGET_BYTES, drops in turn the warnings, the errors beyond the first 10, the
 * header names and mapping (the mapping editor then has nothing to offer; the note says why).
 * @returns a patch of at most JOB_RECORD_BUDGET_BYTES bytes as JSON.
 */
export function fitJobPatch<P extends JobPatch>(patch: P): P {
  const out: P = { ...patch };
  if (out.report) out.report = boundReport(out.report);
  if (out.message !== undefined) out.message = clip(out.message, MAX_MESSAGE);
  if (out.headers) out.headers = out.headers.map((h) => clip(h, MAX_ENTRY * 2));
  if (out.mapping) {
    const entries = Object.entries(out.mapping).map(([f, c]) => [f, c && clip(c, MAX_ENTRY * 2)]);
    out.mapping = Object.fromEntries(entries);
  }
  const shrink = [
    (p: P) => {
      if (p.report) p.report = { ...p.report, warnings: [] };
    },
    (p: P) => {
      if (p.report) p.report = { ...p.report, errors: p.report.errors.slice(0, 10) };
    },
    (p: P) => {
      p.headers = [];
      delete p.mapping;
      if (p.report) {
        const note = `${p.report.note} The column names were too long to keep.`;
        p.report = { ...p.report, note: note.trim() };
      }
    },
  ];
  for (const step of shrink) {
    if (bytes(out) <= JOB_RECORD_BUDGET_BYTES) break;
    step(out);
  }
  return out;
}

/**
 * Writes a step's outcome on a job through the size guard (fitJobPatch), conditionally on the
 * job being in one of `from` (ImportJobs.transition). Should the store still refuse the write
 * (an item over DynamoDB's limit, a value it cannot hold), the outcome is written again without
 * its details (no lists, no column names; the counts kept), so a job never stays unfinished
 * because of what its file held.
 * @returns false when the job is absent or in another status.
 */
export async function saveJobPatch(
  jobs: Pick<ImportJobs, 'transition'>,
  postlogId: string,
  from: readonly ImportStatus[],
  patch: JobPatch,
): Promise<boolean> {
  const fitted = fitJobPatch(patch);
  try {
    return await jobs.transition(postlogId, from, fitted);
  } catch {
    const { report, headers: _h, mapping: _m, ...rest } = fitted;
    const bare = report && {
      ...report,
      errors: [],
      warnings: [],
      newadvertisers: [],
      newstations: [],
      newmarkets: [],
      note: 'The details of this import were too large to keep.',
    };
    return jobs.transition(postlogId, from, {
      ...rest,
      headers: [],
      ...(bare ? { report: bare } : {}),
    });
  }
}
