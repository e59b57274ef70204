import { updateReportSettingsInputSchema } from '#shared/contracts/report-session.schema';

/** update_report_settings input (POST { client_uid, settings }: the whole settings document; layers/shared/contracts/report-session.schema.ts). */
export const updateReportSettingsSchema = updateReportSettingsInputSchema;
