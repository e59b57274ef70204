import type { Caller } from '../../../layers/shared/auth/caller';
import { primaryOrg, writableClient } from '../../../layers/shared/companies/companies';
import {
  type ImportKind,
  importNeedsClient,
} from '../../../layers/shared/contracts/postlog.schema';
import { ValidationError } from '../../../layers/shared/errors';
import { UPLOAD_PREFIX } from '../../../layers/shared/workers';
import { advertiserName } from './advertiser-name';
import type { ImportDeps, ImportJobRecord } from './ports';

/** How long a presigned upload URL stays valid, seconds. */
export const UPLOAD_URL_TTL_S = 900;

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
 * Starts an upload (issue #2 §3: browser upload through a presigned S3 PUT).
 * Steps: 1. resolve the organisation (visits and foot traffic, issue #4: a client the caller
 * may write); 2. record the job
 * as 'awaiting_upload'; 3. presign a PUT to `uploads/<org_uid>/<postlog_id>/<safe file name>`.
 * The S3 object-created event then starts the import (onObjectCreated).
 * @throws ValidationError when a visits or foot-traffic upload has no client_uid; NotFound/Forbidden from
 *   writableClient; Forbidden when the caller has no organisation.
 */
export async function createUpload(deps: ImportDeps, caller: Caller, input: CreateUploadInput) {
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
  const put = await deps.uploads.presignPut(job.object_key, input.content_type, UPLOAD_URL_TTL_S);
  return { postlog_id: postlogId, upload_url: put.url, headers: put.headers };
}
