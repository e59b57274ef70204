import type { Caller } from '#shared/auth/caller';
import type { HeaderMapping } from '#shared/contracts/postlog.schema';
import { Conflict } from '#shared/errors';
import { changeableJob, publicJob } from './access';
import { saveJobPatch } from './job-record-size';
import type { ImportDeps } from './ports';
import { runImport } from './run-import';

/** confirm_import input. */
export interface ConfirmImportInput {
  postlog_id: string;
  /** Overrides of the automatic header match (win over it). */
  mapping?: Partial<HeaderMapping>;
  /** Apply the proposed 00XX/19XX -> 20XX year fixes. */
  accept_year_fixes?: boolean;
}

/**
 * Confirms an import in review: re-reads the file with the user's mapping and year choice and
 * applies the clean rows (spec §4 "Post-log import"; a file with errors changes nothing until
 * the user confirms the clean rows).
 * Steps: 1. load a job the caller may change; 2. claim it 'review' -> 'uploaded' (a second
 * confirm fails here); 3. runImport applying clean rows; 4. store the outcome ('complete', or
 * back to 'review' when the new mapping still lacks station or date).
 * @throws NotFound for an unknown job or one of another organisation; Conflict when the job is
 *   not in review (e.g. already confirmed).
 */
export async function confirmImport(deps: ImportDeps, caller: Caller, input: ConfirmImportInput) {
  const job = await changeableJob(deps, caller, input.postlog_id);
  const claimed =
    job.status === 'review' &&
    (await deps.jobs.transition(job.postlog_id, ['review'], {
      status: 'uploaded',
      updated_at: deps.now().toISOString(),
    }));
  if (!claimed) {
    throw new Conflict(
      job.status === 'complete'
        ? 'This import has already been confirmed.'
        : 'This import is not waiting for a confirmation.',
    );
  }
  try {
    const outcome = await runImport(deps, job, {
      mapping: input.mapping,
      fixYears: input.accept_year_fixes ?? false,
      applyWithErrors: true,
    });
    const patch = {
      ...outcome,
      client_uid: outcome.client_uid ?? job.client_uid,
      updated_at: deps.now().toISOString(),
    };
    await saveJobPatch(deps.jobs, job.postlog_id, ['uploaded'], patch);
    const saved = await deps.jobs.get(job.postlog_id);
    return publicJob(saved ?? { ...job, ...patch });
  } catch (error) {
    // Give the job back to the user: it can be confirmed again.
    await deps.jobs.transition(job.postlog_id, ['uploaded'], { status: 'review' });
    throw error;
  }
}
