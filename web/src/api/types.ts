import type { QueueItem } from '../lib/progress';

/**
 * Result shapes of the routes the report screen calls that have no shared zod contract yet
 * (fetch_companies, create_upload, perform_report, queue_monitor). The report and import
 * shapes come from layers/shared/contracts.
 */

/** One client (advertiser) as fetch_companies lists it. Instants are ISO-8601 UTC. */
export interface Company {
  client_uid: string;
  name: string;
  /** Visits come from the simulator: the report shows the SAMPLE DATA watermark. */
  sample_data: boolean;
  demo: boolean;
  airings: number;
  first_airing_utc: string | null;
  last_airing_utc: string | null;
  latest_report_id: string | null;
}

/** fetch_companies result. */
export interface CompaniesResult {
  clients: Company[];
}

/** create_upload result: a presigned PUT URL and the headers to send with it. */
export interface CreateUploadResult {
  postlog_id: string;
  upload_url: string;
  headers?: Record<string, string>;
}

/** perform_report result. */
export interface PerformReportResult {
  report_id: string;
  session_uid: string;
}

/** queue_monitor result. */
export interface QueueMonitorResult {
  queues: QueueItem[];
}

/** Attribution methods a report can use (contract reportSettingsSchema). */
export type AttributionMethod = 'sessions' | 'pageviews' | 'newuserbaseline';
