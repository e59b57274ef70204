import { getSavedReportInputSchema } from '#shared/contracts/report-session.schema';

/** get_saved_report input (GET { client_uid, saved_id }; layers/shared/contracts/report-session.schema.ts). */
export const getSavedReportSchema = getSavedReportInputSchema;
