import { sendSummaryEmailInputSchema } from '#shared/contracts/summary-email.schema';

/** send_summary_email input (layers/shared/contracts/summary-email.schema.ts). */
export const sendSummaryEmailSchema = sendSummaryEmailInputSchema;
