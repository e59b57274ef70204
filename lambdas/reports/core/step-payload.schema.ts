import { z } from 'zod';
import { SAFE_ID } from './keys';
import type { ReportStepPayload } from './ports';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The ReportStepPayload as it arrives from SQS and Step Functions (untrusted JSON). Extra keys
 * (such as MarkFailed's `error`) are stripped.
 */
export const reportStepPayloadSchema = z.object({
  report_id: z.string().regex(SAFE_ID),
  client_uid: z.string().regex(SAFE_ID),
  session_uid: z.string().regex(SAFE_ID),
  report_type: z.literal('pro_insights'),
  params: z.object({
    date_start: day,
    date_end: day,
    window: z.number().int().min(1).max(60),
    attribution_method: z.enum(['sessions', 'pageviews', 'newuserbaseline']),
    compare_date_start: day.optional(),
    compare_date_end: day.optional(),
  }),
  work_prefix: z.string().regex(/^work\/[A-Za-z0-9_-]+\/$/),
  resolution: z.enum(['minute', 'hour']).optional(),
  has_compare: z.boolean().optional(),
  foot_traffic_resolution: z.enum(['minute', 'hour']).nullable().optional(),
  foot_traffic_hours: z.boolean().optional(),
}) satisfies z.ZodType<ReportStepPayload>;

/** MarkFailed's input: the payload plus the Catch's `error` ({ Error, Cause }). */
export const markFailedInputSchema = reportStepPayloadSchema.extend({
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
export type MarkFailedInput = z.infer<typeof markFailedInputSchema>;
