import type { Caller } from '#shared/auth/caller';
import { primaryOrg, writableClient } from '#shared/companies/companies';
import {
  fileSizeMessage,
  IMPORT_LIMITS,
  type ImportKind,
  importNeedsClient,
} from '#shared/contracts/postlog.schema';
import { ValidationError } from '#shared/errors';
import { UPLOAD_URL_TTL_S } from '#shared/jobs/job-timeouts';
import { UPLOAD_PREFIX } from '#shared/workers';
import { advertiserName } from './advertiser-name';
import type { ImportDeps, ImportJobRecord } from './ports';

export { UPLOAD_URL_TTL_S };

/** create_upload input (validated by the handler's zod schema). */
export interface CreateUploadInput {
  kind: ImportKind;
  file_name: string;
  content_type: string;
  /**
   * Required for visits and foot traffic; for a post-log, the client whose advertiser the rows
   * belong to.
   */
  client_uid?: string;
  /** Advertiser of a post-log without an advertiser column (default: the file name). */
  advertiser?: string;
  /** The file's size as the browser reads it, bytes (checked against IMPORT_LIMITS.maxBytes). */
  size_bytes?: number;
}

/** A file name safe in an S3 key: letters, digits, dot, dash, underscore; at most 100 chars. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return safe || 'upload.csv';
}

/**
 * Starts an upload (the browser uploads through a presigned S3 POST).
 * Steps: 1. refuse a size over the kind's limit (IMPORT_LIMITS); 2. resolve the organisation
 * (visits and foot traffic, and a post-log for a client: a client the caller may
 * import into; a post-log without a client: the caller's own organisation, where members may
 * create clients); 3. record the job as 'awaiting_upload'; 4. presign a POST of
 * `uploads/<org_uid>/<postlog_id>/<safe file name>` whose policy lets S3 take at most the
 * kind's size. The S3 object-created event then starts the import (onObjectCreated).
 * @throws ValidationError naming the size limit, or when a visits or foot-traffic upload has no
 *   client_uid; NotFound/Forbidden from writableClient; Forbidden when the caller has no
 *   organisation.
 */
export async function createUpload(deps: ImportDeps, caller: Caller, input: CreateUploadInput) {
  const maxBytes = IMPORT_LIMITS.maxBytes[input.kind];
  if (input.size_bytes !== undefined && input.size_bytes > maxBytes) {
    throw new ValidationError(fileSizeMessage(input.kind, input.size_bytes), 'size_bytes');
  }
  if (input.size_bytes === 0) throw new ValidationError('The file is empty.', 'size_bytes');
  if (importNeedsClient(input.kind) && !input.client_uid) {
    const what = input.kind === 'visits' ? 'these visits belong' : 'this foot traffic belongs';
    throw new ValidationError(`Choose the client ${what} to.`, 'client_uid');
  }
  const client = input.client_uid
    ? await writableClient(deps.companies, caller, input.client_uid, 'import')
    : null;
  const orgUid = client?.org_uid ?? (await primaryOrg(deps.companies, caller));
  const postlogId = deps.newId();
  const now = deps.now().toISOString();
  const job: ImportJobRecord = {
    postlog_id: postlogId,
    client_uid: client?.client_uid ?? '',
    kind: input.kind,
    file_name: input.file_name,
    status: 'awaiting_upload',
    headers: [],
    created_at: now,
    updated_at: now,
    org_uid: orgUid,
    object_key: `${UPLOAD_PREFIX}${orgUid}/${postlogId}/${safeFileName(input.file_name)}`,
    created_by: caller.userId,
    ...(input.kind === 'postlog'
      ? {
          // An upload for a client is that client's, whatever advertiser the caller names.
          advertiser: client
            ? client.name
            : advertiserName(input.advertiser, undefined, input.file_name),
        }
      : {}),
  };
  await deps.jobs.create(job);
  const post = await deps.uploads.presignPost(
    job.object_key,
    input.content_type,
    maxBytes,
    UPLOAD_URL_TTL_S,
  );
  return { postlog_id: postlogId, upload_url: post.url, fields: post.fields };
}
