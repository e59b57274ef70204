import { z } from 'zod';

/** get_import input: the job id from create_upload. */
export const getImportSchema = z.object({
  postlog_id: z.string().trim().min(1, 'Which import?').max(100),
});
