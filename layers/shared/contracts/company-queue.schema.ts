import { z } from 'zod';
import { idField } from './companies.schema';

/**
 * The tasks panel's jobs (spec §3 "Queue item", §4 "Queue (companies)", §7 company queue monitor,
 * §9 "company queue poll 10 s"): the caller's running post-log and visits imports, GA4 pulls and
 * report runs, with progress.
 */

/** How often the tasks panel polls while any queue has an incomplete item (spec §9). */
export const COMPANY_QUEUE_POLL_MS = 10_000;

/** Kinds of job the tasks panel shows. */
export const QUEUE_REPORT_TYPES = [
  'postlog_import',
  'visits_import',
  'ga_pull',
  'report',
  'generated_report',
  'org_reporting',
] as const;
export type QueueReportType = (typeof QUEUE_REPORT_TYPES)[number];

/**
 * One job (spec §3 "Queue item"): `id` is the job's own id (import id, report id, connection id
 * of a pull); progress 0-100; complete at 100 or when finished either way; `failed` with a
 * user-facing `message` when it ended in error; `report_id` for a report run (opens it).
 */
export const queueItemSchema = z.object({
  client_uid: z.string(),
  client_name: z.string(),
  report_type: z.enum(QUEUE_REPORT_TYPES),
  id: z.string(),
  label: z.string(),
  progress: z.number().min(0).max(100),
  complete: z.boolean(),
  failed: z.boolean(),
  message: z.string().nullable(),
  report_id: z.string().nullable(),
  started_at: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/**
 * company_queue_monitor input: the client whose report is open (its jobs fill `client`).
 */
export const companyQueueInputSchema = z.object({
  current_report_client_uid: idField('current_report_client_uid').optional(),
});

/**
 * company_queue_monitor result: `user` = the jobs the caller started, over the clients they can
 * still see (another user's jobs never show), running or finished in the last 24 hours and not
 * cleared, newest first; `client` = those of current_report_client_uid; `version` = the deployed
 * app's build id (layers/shared/build-id.ts: `isNewerBuild(version, __APP_BUILD_ID__)` means "a
 * new version is available - reload"). A post-log import whose client is not known until it
 * lands has client_uid '' and its advertiser as client_name.
 */
export const companyQueueResultSchema = z.object({
  user: z.array(queueItemSchema),
  client: z.array(queueItemSchema),
  version: z.string(),
});
export type CompanyQueueResult = z.infer<typeof companyQueueResultSchema>;

/** company_queue_clear input: clears one item (`id`) or the whole queue (no id); running jobs go on. */
export const companyQueueClearInputSchema = z.object({
  queue: z.enum(['user', 'client']),
  id: z.string().trim().min(1).max(120).optional(),
  client_uid: idField('client_uid').optional(),
});
export const companyQueueClearResultSchema = z.object({ cleared: z.number().int() });
