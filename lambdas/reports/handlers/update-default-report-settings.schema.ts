import { updateDefaultReportSettingsInputSchema } from '#shared/contracts/report-session.schema';

/** update_default_report_settings input (POST { station, rep }; layers/shared/contracts/report-session.schema.ts). */
export const updateDefaultReportSettingsSchema = updateDefaultReportSettingsInputSchema;
