import { z } from 'zod';
import { importKindSchema } from '#shared/contracts/postlog.schema';

/**
 * create_upload input: which kind of file (post-log, visits or foot traffic), its name and
 * content type.
 */
export const createUploadSchema = z.object({
  kind: importKindSchema,
  file_name: z.string().trim().min(1, 'Choose a file to upload.').max(255),
  content_type: z.string().trim().min(1).max(100).default('text/csv'),
  /** Required for visits and foot-traffic files: the client they belong to. */
  client_uid: z.string().trim().min(1).optional(),
  /** Advertiser of a post-log without an advertiser column (default: the file name). */
  advertiser: z.string().trim().min(1).max(200).optional(),
  /** The file's size in bytes, as the browser reads it (refused over the kind's limit). */
  size_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** create_upload result: where to POST the file, and the form fields to send before it. */
export interface CreateUploadResult {
  postlog_id: string;
  upload_url: string;
  fields: Record<string, string>;
}
