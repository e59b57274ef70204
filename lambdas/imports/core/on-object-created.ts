import { AppError, GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { UPLOAD_PREFIX } from '#shared/workers';
import { saveJobPatch } from './job-record-size';
import type { ImportDeps, ImportJobRecord } from './ports';
import { type ImportOutcome, runImport } from './run-import';

/** What one object-created event did. */
export type ObjectCreatedResult =
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'complete' | 'review' | 'failed'; postlog_id: string };

/**
 * Handles an uploaded file (the S3 object-created event starts the import).
 * Steps: 1. ignore keys outside UPLOAD_PREFIX or not matching a job; 2. claim the job with a
 * conditional 'awaiting_upload' -> 'uploaded' transition (a retried or duplicated event finds
 * it claimed and is ignored, so nothing is applied twice; retry_import sets a failed job back to
 * 'awaiting_upload' and announces its file again); 3. runClaimedImport: the import with no
 * confirmation, its outcome stored.
 */
export async function onObjectCreated(
  deps: ImportDeps,
  key: string,
  onError: (error: unknown, postlogId: string) => void = () => {},
): Promise<ObjectCreatedResult> {
  if (!key.startsWith(UPLOAD_PREFIX)) return { outcome: 'ignored', reason: 'outside uploads' };
  const postlogId = key.slice(UPLOAD_PREFIX.length).split('/')[1] ?? '';
  const job = postlogId ? await deps.jobs.get(postlogId) : null;
  if (!job || job.object_key !== key) return { outcome: 'ignored', reason: 'no such job' };
  const claimed = await deps.jobs.transition(postlogId, ['awaiting_upload'], {
    status: 'uploaded',
    updated_at: deps.now().toISOString(),
  });
  if (!claimed) return { outcome: 'ignored', reason: `already ${job.status}` };
  const status = await runClaimedImport(deps, { ...job, status: 'uploaded' }, onError);
  return { outcome: status, postlog_id: postlogId };
}

/**
 * Imports the file of a job this caller has claimed (status 'uploaded'), with no confirmation,
 * and stores the outcome: clean files complete, files with errors go to 'review' with nothing
 * applied, a refusal (a limit, an unknown header) fails for good. An unexpected failure
 * (logged by `onError`) marks the job 'failed' and retryable with the spec §8 generic message;
 * the data is as it was (commitGeneration). Browser uploads and post-log drops share it.
 * @returns the job's new status.
 */
export async function runClaimedImport(
  deps: ImportDeps,
  job: ImportJobRecord,
  onError: (error: unknown, postlogId: string) => void = () => {},
): Promise<ImportOutcome['status']> {
  const postlogId = job.postlog_id;
  let outcome: ImportOutcome;
  try {
    outcome = await runImport(deps, job, { applyWithErrors: false });
  } catch (error) {
    onError(error, postlogId);
    // It stopped rather than being refused: the same file can be imported again.
    await deps.jobs.transition(postlogId, ['uploaded'], {
      status: 'failed',
      message: error instanceof AppError ? error.message : GENERIC_ERROR_MESSAGE,
      retryable: true,
      updated_at: deps.now().toISOString(),
    });
    await noteImportError(deps, job, job.client_uid, GENERIC_ERROR_MESSAGE, error);
    return 'failed';
  }
  await saveJobPatch(deps.jobs, postlogId, ['uploaded'], {
    ...outcome,
    // A refusal (a limit, an unknown header) is not retried; an earlier failure's reason goes.
    retryable: false,
    message: outcome.message ?? '',
    client_uid: outcome.client_uid ?? job.client_uid,
    updated_at: deps.now().toISOString(),
  });
  if (outcome.status !== 'review')
    await noteImportError(
      deps,
      job,
      outcome.client_uid ?? job.client_uid,
      outcome.status === 'failed' ? (outcome.message ?? GENERIC_ERROR_MESSAGE) : '',
    );
  return outcome.status;
}

/**
 * Keeps the client's `latest_import_error` (the task list's "upload the post-log again"): the
 * reason a post-log import of the client failed, or '' once one completes. Only for post-logs of
 * a known client; a write only when it changes. Best effort: the job's outcome stands whatever
 * happens here.
 */
async function noteImportError(
  deps: ImportDeps,
  job: ImportJobRecord,
  clientUid: string | null | undefined,
  message: string,
  cause?: unknown,
): Promise<void> {
  if (job.kind !== 'postlog' || !clientUid) return;
  const text = cause instanceof AppError ? cause.message : message;
  try {
    const client = await deps.companies.getClient(clientUid);
    if (client && (client.latest_import_error ?? '') !== text)
      await deps.companies.updateClient(clientUid, { latest_import_error: text });
  } catch {
    // The client may have gone (merged) meanwhile: nothing to note.
  }
}
