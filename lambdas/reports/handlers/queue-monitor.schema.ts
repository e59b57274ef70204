import { z } from 'zod';

/** queue_monitor input (spec §7: session_uid, client_uid), from the query string. */
export const queueMonitorSchema = z.object({
  client_uid: z.string({ error: 'client_uid is required.' }).min(1, 'client_uid is required.'),
  session_uid: z.string({ error: 'session_uid is required.' }).min(1, 'session_uid is required.'),
});
export type QueueMonitorRequest = z.infer<typeof queueMonitorSchema>;
