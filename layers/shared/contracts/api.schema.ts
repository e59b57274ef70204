import { z } from 'zod';
import { permsMapSchema } from './account.schema';
import { CONNECTION_STATUSES } from './connections.schema';

/**
 * Result shapes of the routes the report screen calls, shared by the Lambdas (which return them)
 * and the web app (which reads them), so neither side hand-types a response (house-style item 7).
 * The report and import documents have their own modules (report.schema.ts, postlog.schema.ts).
 * Instants are ISO-8601 UTC strings.
 */

/** One client (advertiser) as fetch_companies lists it (spec §3 "Company"). */
export const companyListItemSchema = z.object({
  client_uid: z.string(),
  name: z.string(),
  /** Visits come from the simulator: screens show the SAMPLE DATA watermark. */
  sample_data: z.boolean(),
  /** The seeded demo client: readable by everyone signed in, read-only. */
  demo: z.boolean(),
  airings: z.number().int(),
  first_airing_utc: z.string().nullable(),
  last_airing_utc: z.string().nullable(),
  latest_report_id: z.string().nullable(),
  /** What the caller may do with this client (spec §6 "Company list response carries perms"). */
  perms: permsMapSchema,
  /** Reached through a share to the caller rather than an organisation membership. */
  shared: z.boolean(),
  /** Web-analytics connection health (spec §3 "Company (client)" filters). */
  connection_status: z.enum(CONNECTION_STATUSES).optional(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

/** fetch_companies result. */
export const companiesResultSchema = z.object({
  clients: z.array(companyListItemSchema),
  /** Number of clients listed (spec §7 fetch companies `total_clients`). */
  total_clients: z.number().int(),
});
export type CompaniesResult = z.infer<typeof companiesResultSchema>;

/**
 * create_upload result: a presigned POST (an HTML-form upload): the URL and the form fields to
 * send, in order, before the file (field `file`). Its policy caps the file's size.
 */
export const createUploadResultSchema = z.object({
  postlog_id: z.string(),
  upload_url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type CreateUploadResult = z.infer<typeof createUploadResultSchema>;

/** perform_report result (spec §7). */
export const performReportResultSchema = z.object({
  report_id: z.string(),
  session_uid: z.string(),
  /** The caller has used the two free reports and has no plan: the report's paid panels are locked. */
  max_reports: z.boolean(),
  /** This run used one of the caller's two free reports (spec §9). */
  free_report: z.boolean(),
});
export type PerformReportResult = z.infer<typeof performReportResultSchema>;

export const reportTypeSchema = z.enum(['pro_insights']);
export const reportStatusSchema = z.enum(['queued', 'running', 'complete', 'failed']);

/** One queue item of queue_monitor: progress 0-100 per report type (spec §3, §4). */
export const queueItemSchema = z.object({
  report_type: reportTypeSchema,
  report_id: z.string(),
  progress: z.number().min(0).max(100),
  complete: z.boolean(),
  status: reportStatusSchema,
  /** User-safe failure text (failed items only). */
  message: z.string().optional(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** queue_monitor result. */
export const queueMonitorResultSchema = z.object({ queues: z.array(queueItemSchema) });
export type QueueMonitorResult = z.infer<typeof queueMonitorResultSchema>;
