import { clientSettingsInputSchema } from '#shared/contracts/report-session.schema';

/** get_report_settings input (GET { client_uid }; layers/shared/contracts/report-session.schema.ts). */
export const getReportSettingsSchema = clientSettingsInputSchema;
