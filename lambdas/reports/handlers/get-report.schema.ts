import { z } from 'zod';

/** get_report input: a client and optionally one of its reports (default: the latest). */
export const getReportSchema = z.object({
  client_uid: z.string({ error: 'client_uid is required.' }).min(1, 'client_uid is required.'),
  report_id: z.string().min(1).optional(),
});
export type GetReportRequest = z.infer<typeof getReportSchema>;
