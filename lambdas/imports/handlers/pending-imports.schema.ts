import { z } from 'zod';

/** pending_imports input: the client whose imports waiting in review to list. */
export const pendingImportsSchema = z.object({
  client_uid: z.string().trim().min(1, 'Which client?').max(64),
});
