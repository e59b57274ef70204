import { z } from 'zod';

/** retry_import input: the failed job to run again. */
export const retryImportSchema = z.object({
  postlog_id: z.string().trim().min(1, 'Which import?').max(100),
});
