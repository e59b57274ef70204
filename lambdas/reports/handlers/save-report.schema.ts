import { saveReportInputSchema } from '#shared/contracts/report-session.schema';

/** save_report input (POST { client_uid, report_id, name, comments, settings, session_uid?, saved_id? }; layers/shared/contracts/report-session.schema.ts). */
export const saveReportSchema = saveReportInputSchema;
