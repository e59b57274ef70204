import { createHash } from 'node:crypto';
import type { DropResultFile } from '#shared/contracts/drops.schema';
import { fileSizeMessage, IMPORT_LIMITS } from '#shared/contracts/postlog.schema';
import { DROP_PREFIX, UPLOAD_PREFIX } from '#shared/workers';
import { advertiserName } from '../../imports/core/advertiser-name';
import { safeFileName } from '../../imports/core/create-upload';
import { runClaimedImport } from '../../imports/core/on-object-created';
import type { ImportJobRecord } from '../../imports/core/ports';
import { dropStillValid } from './drop-access';
import {
  ignoredResult,
  importedResult,
  lastResultOf,
  RESULT_SUFFIX,
  resultKeyOf,
  resultMail,
} from './drop-result';
import { dropScope } from './drop-view';
import type { DropFileDeps, DropRecord } from './ports';

/** What one object-created event under DROP_PREFIX did. */
export type DropObjectOutcome =
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'duplicate'; postlog_id: string }
  | { outcome: 'ignored'; reason: string }
  | { outcome: DropResultFile['status']; postlog_id: string };

/** A key under DROP_PREFIX, split: `drops/<org_uid>/<scope>/<path>`, `file` its last part. */
export function parseDropKey(key: string): { orgUid: string; scope: string; file: string } | null {
  if (!key.startsWith(DROP_PREFIX)) return null;
  const [orgUid, scope, ...rest] = key.slice(DROP_PREFIX.length).split('/');
  const file = rest.at(-1);
  if (!orgUid || !scope || !file) return null;
  return { orgUid, scope, file };
}

/**
 * Objects that are not an uploader's finished file: our own result files, hidden files and
 * the temporary names SFTP clients upload to before renaming (`.filepart`, `.part`, ...).
 */
const NOT_A_FILE = new RegExp(
  `(^\\.|${RESULT_SUFFIX.replace('.', '\\.')}$|\\.(filepart|part|partial|tmp|crdownload)$)`,
  'i',
);

/** A post-log drop takes CSV text: `.csv`, or `.txt` as traffic systems often name it. */
const POSTLOG_NAME = /\.(csv|txt)$/i;

/** Why a file in a place without an active drop was not imported. */
export const NO_DROP_MESSAGE =
  'There is no active drop here (it was revoked, or never made): the file was not imported.';

/**
 * The import job id of a dropped object: the same for the same drop, key and bytes (ETag), so a
 * retried or duplicated S3 event finds the job it already made; a new file at the same name is
 * a new job. UUID-shaped like browser uploads' ids.
 */
export function dropJobId(dropId: string, key: string, etag: string): string {
  const h = createHash('sha256').update(`${dropId}\n${key}\n${etag}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * Handles a file landing under DROP_PREFIX: the same import a browser upload starts, as the
 * drop's maker, for the drop's client.
 * Steps:
 * 1. Skip what is not an uploader's finished file (result files, hidden and temporary names).
 * 2. Find the active drop of `drops/<org>/<scope>/`; none (revoked, unknown), a name that is not
 *    a CSV, a maker who no longer manages the organisation (or a client gone), or a file over
 *    the post-log size limit (IMPORT_LIMITS) -> write an `ignored` result file, nothing copied
 *    or imported (a revoked drop records it as its last use).
 * 3. The job id comes from the drop, key and ETag: a job already made for it means a retried
 *    event, and nothing is imported, mailed or counted again.
 * 4. Copy the file to `uploads/<org>/<postlog_id>/<name>` (the job's own copy: confirming a
 *    review or Retry reads it even after the uploader overwrites the dropped name), record the
 *    job as 'uploaded' (created_by: the drop's maker; client: the drop's), and run it with
 *    runClaimedImport: clean files complete whole, files with errors wait in review on the
 *    client with nothing applied, exactly as a browser upload.
 * 5. Write `<file>.result.json` beside it, mail the drop's maker (a verified address only; a
 *    mail failure is logged, the file stays imported) and record the drop's last use.
 */
export async function onDropObject(
  deps: DropFileDeps,
  key: string,
  onError: (error: unknown, context: string) => void = () => {},
): Promise<DropObjectOutcome> {
  const parsed = parseDropKey(key);
  if (!parsed) return { outcome: 'skipped', reason: 'outside drops' };
  if (key.endsWith('/') || NOT_A_FILE.test(parsed.file))
    return { outcome: 'skipped', reason: 'not a finished file' };
  const receivedAt = deps.now().toISOString();
  const drop = await deps.drops.active(parsed.orgUid, parsed.scope);
  if (!drop) {
    // A revoked drop's uploader still sending files is worth seeing on that drop.
    const revoked = (await deps.drops.listOfOrg(parsed.orgUid)).find(
      (d) => dropScope(d) === parsed.scope,
    );
    const result = ignoredResult(parsed.file, receivedAt, NO_DROP_MESSAGE);
    return ignore(deps, key, result, revoked);
  }
  if (!POSTLOG_NAME.test(parsed.file)) {
    const reason = 'Only .csv (or .txt) post-log files are imported: this file was not.';
    return ignore(deps, key, ignoredResult(parsed.file, receivedAt, reason), drop);
  }
  const valid = await dropStillValid(deps.imports.companies, drop);
  if ('problem' in valid)
    return ignore(deps, key, ignoredResult(parsed.file, receivedAt, valid.problem), drop);
  const head = await deps.files.head(key);
  if (!head) return { outcome: 'skipped', reason: 'gone' };
  // Refused before the job's copy: an SFTP upload has no upload policy capping its size, and
  // copying a file the import refuses anyway only doubles it (S3 cannot copy one over 5 GB).
  if (head.bytes > IMPORT_LIMITS.maxBytes.postlog) {
    const reason = `${fileSizeMessage('postlog', head.bytes)} Nothing was imported.`;
    return ignore(deps, key, ignoredResult(parsed.file, receivedAt, reason), drop);
  }

  const postlogId = dropJobId(drop.drop_id, key, head.etag);
  const earlier = await deps.imports.jobs.get(postlogId);
  if (earlier) return duplicate(deps, key, earlier, parsed.file);
  const job = dropJob(drop, parsed.file, postlogId, receivedAt);
  await deps.files.copy(key, job.object_key);
  try {
    await deps.imports.jobs.create(job);
  } catch (error) {
    // A duplicated event that got here at the same moment made it first (conditional create).
    const made = await deps.imports.jobs.get(postlogId);
    if (made) return duplicate(deps, key, made, parsed.file);
    throw error;
  }
  await runClaimedImport(deps.imports, job, (error) => onError(error, postlogId));
  const result = await resultOf(deps, (await deps.imports.jobs.get(postlogId)) ?? job, parsed.file);
  await finish(deps, key, drop, result, onError);
  return { outcome: result.status, postlog_id: postlogId };
}

/** The result file of a dropped file's job (received_at: when the job was made). */
async function resultOf(
  deps: DropFileDeps,
  job: ImportJobRecord,
  file: string,
): Promise<DropResultFile> {
  const client = job.client_uid ? await deps.imports.companies.getClient(job.client_uid) : null;
  return importedResult(job, file, job.created_at, client?.name ?? null, deps.appOrigin);
}

/**
 * A retried or duplicated event: nothing is imported, mailed or counted again. Should the first
 * delivery have stopped after the import but before its result file, the result file is
 * written again from the job (the same content).
 */
async function duplicate(
  deps: DropFileDeps,
  key: string,
  job: ImportJobRecord,
  file: string,
): Promise<DropObjectOutcome> {
  if (job.status === 'complete' || job.status === 'review' || job.status === 'failed') {
    const result = await resultOf(deps, job, file);
    await deps.files.writeJson(resultKeyOf(key), `${JSON.stringify(result, null, 2)}\n`);
  }
  return { outcome: 'duplicate', postlog_id: job.postlog_id };
}

/** The import job of a dropped file, already claimed ('uploaded'): its maker's, its client's. */
function dropJob(drop: DropRecord, file: string, postlogId: string, at: string): ImportJobRecord {
  return {
    postlog_id: postlogId,
    client_uid: drop.client_uid ?? '',
    kind: 'postlog',
    file_name: file,
    status: 'uploaded',
    headers: [],
    created_at: at,
    updated_at: at,
    org_uid: drop.org_uid,
    object_key: `${UPLOAD_PREFIX}${drop.org_uid}/${postlogId}/${safeFileName(file)}`,
    created_by: drop.created_by,
    // Rows of a client drop are that client's; an organisation drop's file without an
    // advertiser column belongs to the advertiser its file name names (as a browser upload).
    advertiser: drop.client_name ?? advertiserName(undefined, undefined, file),
  };
}

/** Reports a file that was not imported: its result file, and the drop's last use. */
async function ignore(
  deps: DropFileDeps,
  key: string,
  result: DropResultFile,
  drop?: DropRecord,
): Promise<DropObjectOutcome> {
  await deps.files.writeJson(resultKeyOf(key), `${JSON.stringify(result, null, 2)}\n`);
  if (drop) await deps.drops.recordUse(drop.drop_id, lastResultOf(result));
  return { outcome: 'ignored', reason: result.message };
}

/** The result file, the owner's e-mail and the drop's last use of an imported file. */
async function finish(
  deps: DropFileDeps,
  key: string,
  drop: DropRecord,
  result: DropResultFile,
  onError: (error: unknown, context: string) => void,
): Promise<void> {
  await deps.files.writeJson(resultKeyOf(key), `${JSON.stringify(result, null, 2)}\n`);
  try {
    const to = await deps.imports.companies.verifiedEmailOf(drop.created_by);
    if (to) await deps.mailer.send(resultMail(to, drop, result));
  } catch (error) {
    onError(error, `mail of ${key}`);
  }
  await deps.drops.recordUse(drop.drop_id, lastResultOf(result));
}
