import type { Caller } from '#shared/auth/caller';
import { Conflict } from '#shared/errors';
import { changeableJob, publicJob } from './access';
import type { ImportDeps } from './ports';

/** retry_import input. */
export interface RetryImportInput {
  postlog_id: string;
}

/**
 * Runs a failed import again on the same uploaded file (the Retry button of the upload screen),
 * for a job that stopped rather than being refused (`retryable`: the worker died or timed out
 * and the sweeper failed it; the data was left as it was).
 * Steps: 1. load a job the caller may change (the `import` permission on its client, or
 * membership of its organisation); 2. claim it 'failed' -> 'awaiting_upload' with a
 * conditional write (a second Retry finds it claimed); 3. announce the file again: the S3 event
 * starts the import worker as the upload did (and the sweeper fails it again should it stop).
 * @returns the job, now waiting for the worker.
 * @throws NotFound for an unknown job or one out of reach; Conflict when it is not a retryable
 *   failure, or when its file is no longer there (upload it again).
 */
export async function retryImport(deps: ImportDeps, caller: Caller, input: RetryImportInput) {
  const job = await changeableJob(deps, caller, input.postlog_id);
  if (job.status !== 'failed' || !job.retryable) {
    throw new Conflict(
      job.status === 'failed'
        ? 'This file cannot be imported as it is; upload a corrected file.'
        : 'Only an import that stopped can be retried.',
    );
  }
  const now = deps.now().toISOString();
  const claimed = await deps.jobs.transition(job.postlog_id, ['failed'], {
    status: 'awaiting_upload',
    retryable: false,
    message: '',
    updated_at: now,
  });
  if (!claimed) throw new Conflict('Only an import that stopped can be retried.');
  if (!(await deps.uploads.announce(job.object_key))) {
    await deps.jobs.transition(job.postlog_id, ['awaiting_upload'], {
      status: 'failed',
      message: 'The file of this import is no longer kept; upload it again.',
      updated_at: deps.now().toISOString(),
    });
    throw new Conflict('The file of this import is no longer kept; upload it again.');
  }
  return publicJob({
    ...job,
    status: 'awaiting_upload',
    retryable: false,
    message: '',
    updated_at: now,
  });
}
