/**
 * Result shapes of the routes the report screen calls, from the shared contract
 * (layers/shared/contracts/api.schema.ts); the report and import shapes come from
 * report.schema.ts and postlog.schema.ts.
 */
export type {
  CompaniesResult,
  CompanyListItem as Company,
  CreateUploadResult,
  PerformReportResult,
  QueueMonitorResult,
} from '#shared/contracts/api.schema';

/** Attribution methods a report can use (contract reportSettingsSchema). */
export type AttributionMethod = 'sessions' | 'pageviews' | 'newuserbaseline';
