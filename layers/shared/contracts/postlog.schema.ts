import { z } from 'zod';
import { IMPORT_LIMITS } from './import-limits';

/**
 * Post-log import contract (spec §3 "Post-log import job", §5 post-log rules).
 */

/** The spec's plspots fields every post-log header layout is mapped onto. */
export const PLSPOT_FIELDS = [
  'airing_id',
  'station',
  'station_type',
  'market',
  'advertiser',
  'date',
  'time',
  'creative',
  'length',
  'cost',
  'network',
  'program',
  'cable_zone',
  'impressions',
  /** IANA zone of the row's local date/time (e.g. a `tz` column). */
  'timezone',
] as const;
export type PlspotField = (typeof PLSPOT_FIELDS)[number];

/** Header mapping: plspots field -> the file's column name (null = not present). */
export const headerMappingSchema = z.record(z.enum(PLSPOT_FIELDS), z.string().nullable());
export type HeaderMapping = z.infer<typeof headerMappingSchema>;

/** A user's override of some fields of the automatic mapping (confirm_import); wins over it. */
export const headerMappingOverrideSchema = z.partialRecord(
  z.enum(PLSPOT_FIELDS),
  z.string().nullable(),
);

/** One row problem. `row` is the 1-based data row (the header is row 0). */
export const importIssueSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
  /** A proposed fix, e.g. the year 0016 -> 2016 (spec §5). */
  proposed: z.string().optional(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

/**
 * Job states: awaiting_upload (presigned URL issued) -> uploaded (file arrived, being read) ->
 * complete | review (errors found, nothing applied until confirm_import) | failed.
 */
export const importStatusSchema = z.enum([
  'awaiting_upload',
  'uploaded',
  'review',
  'complete',
  'failed',
]);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** The import report (spec: new_spots, updated_spots, note, errors; plus warnings and the new entities). */
export const importReportSchema = z.object({
  rows: z.number().int(),
  new_spots: z.number().int(),
  updated_spots: z.number().int(),
  unchanged_spots: z.number().int(),
  errors: z.array(importIssueSchema),
  error_count: z.number().int(),
  warnings: z.array(importIssueSchema),
  warning_count: z.number().int(),
  newadvertisers: z.array(z.string()),
  newstations: z.array(z.string()),
  newmarkets: z.array(z.string()),
  /**
   * Call signs of the file that the station list does not know (at most 50, sorted), and how
   * many in all; absent when the list is not loaded. Informational: never blocks an import.
   */
  unmatched_stations: z.array(z.string()).optional(),
  unmatched_station_count: z.number().int().optional(),
  note: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The report of `rows` rows before anything was applied: every count 0, every list empty. */
export function emptyImportReport(rows: number): ImportReport {
  return {
    rows,
    new_spots: 0,
    updated_spots: 0,
    unchanged_spots: 0,
    errors: [],
    error_count: 0,
    warnings: [],
    warning_count: 0,
    newadvertisers: [],
    newstations: [],
    newmarkets: [],
    note: '',
  };
}

/**
 * What an upload holds: a post-log (airings), website visits, or foot traffic, store visits
 * per location. Visits and foot traffic belong to one client.
 */
export const importKindSchema = z.enum(['postlog', 'visits', 'foot_traffic']);
export type ImportKind = z.infer<typeof importKindSchema>;

const MB = 1024 * 1024;

/** What an upload may hold: see import-limits.ts (zod-free, for reader threads). */
export { IMPORT_LIMITS };

/** A size as people read it, rounded up to a tenth: `50 MB`, `50.1 MB`, `4 KB`. */
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= MB ? ['MB', MB] : ['KB', 1024];
  return `${Math.ceil((bytes / size) * 10) / 10} ${unit}`;
}

/** A kind of upload as its size message names it. */
const KIND_NAMES: Record<ImportKind, string> = {
  postlog: 'A post-log',
  visits: 'A visits file',
  foot_traffic: 'A foot-traffic file',
};

/**
 * The message of a file over its kind's size limit (the browser says it before uploading,
 * create_upload and the worker again).
 */
export function fileSizeMessage(kind: ImportKind, bytes: number): string {
  const max = IMPORT_LIMITS.maxBytes[kind];
  return `${KIND_NAMES[kind]} can be at most ${formatBytes(max)}; this file is ${formatBytes(bytes)}.`;
}

/** Whether an upload of this kind must name its client (visits and foot traffic do). */
export const importNeedsClient = (kind: ImportKind): boolean => kind !== 'postlog';

export const importJobSchema = z.object({
  postlog_id: z.string(),
  client_uid: z.string(),
  kind: importKindSchema,
  file_name: z.string(),
  status: importStatusSchema,
  headers: z.array(z.string()),
  mapping: headerMappingSchema.optional(),
  report: importReportSchema.optional(),
  /** Post-logs without an advertiser column belong to this advertiser (caller's or file name). */
  advertiser: z.string().optional(),
  /** Why the job failed (status failed), shown in the Problem! alert (spec §8). */
  message: z.string().optional(),
  /**
   * A failed job whose file can be imported again as it is (it stopped, rather than being
   * refused): the upload screen offers Retry (retry_import).
   */
  retryable: z.boolean().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/**
 * pending_imports result: the imports of a client (and, for members of its organisation, the
 * organisation's post-logs without a client) that wait in review, newest first, however they
 * came (a browser upload, a post-log drop).
 */
export const pendingImportsResultSchema = z.object({ imports: z.array(importJobSchema) });
export type PendingImportsResult = z.infer<typeof pendingImportsResultSchema>;
