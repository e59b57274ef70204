import { z } from 'zod';

const required = (field: string) => ({ error: `${field} is required.` });

/**
 * perform_report input (spec §7; web/src/api/actions.ts PerformReportInput). Types only: the
 * rules (window 1..60, method, date order, defaults) live in core/params.ts so every caller gets
 * them.
 */
export const performReportSchema = z.object({
  client_uid: z.string(required('client_uid')).min(1, required('client_uid')),
  session_uid: z.string().min(1).optional(),
  date_start: z.string().optional(),
  date_end: z.string().optional(),
  window: z.coerce
    .number({ error: 'window must be a whole number of minutes from 1 to 60.' })
    .optional(),
  attribution_method: z.string().optional(),
  /** Inclusive comparison dates YYYY-MM-DD, both or neither; default: the period before. */
  compare_date_start: z.string().optional(),
  compare_date_end: z.string().optional(),
});
export type PerformReportRequest = z.infer<typeof performReportSchema>;
