import { z } from 'zod';
import { headerMappingOverrideSchema } from '#shared/contracts/postlog.schema';

/** confirm_import input: optional mapping overrides and whether to apply the year fixes. */
export const confirmImportSchema = z.object({
  postlog_id: z.string().trim().min(1, 'Which import?').max(100),
  mapping: headerMappingOverrideSchema.optional(),
  accept_year_fixes: z.boolean().optional(),
});
