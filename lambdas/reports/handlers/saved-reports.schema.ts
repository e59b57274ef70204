import { savedReportsInputSchema } from '#shared/contracts/report-session.schema';

/** saved_reports input (GET { client_uid }; layers/shared/contracts/report-session.schema.ts). */
export const savedReportsSchema = savedReportsInputSchema;
