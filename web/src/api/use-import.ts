import useSWR from 'swr';
import { type ImportJob, importJobSchema } from '#shared/contracts/postlog.schema';
import { ApiError, callRoute } from './client';

/** How often an uploaded file's import job is polled, in milliseconds. */
export const IMPORT_POLL_MS = 1000;

/** get_import checked against the shared contract. @throws ApiError */
export async function fetchImport(input: { postlog_id: string }): Promise<ImportJob> {
  const parsed = importJobSchema.safeParse(await callRoute<unknown>('get_import', input));
  if (!parsed.success) {
    console.error('get_import result breaks the contract', parsed.error.issues.slice(0, 5));
    throw new ApiError('This import could not be read.', 'invalid_import', 200);
  }
  return parsed.data;
}

/**
 * True when a job needs no more polling: it failed, or it is past reading (neither waiting for
 * its file, after a Retry, nor `uploaded`) AND carries its report (a job may be seen in review
 * a moment before its report is written).
 */
export function importSettled(job: ImportJob): boolean {
  if (job.status === 'failed') return true;
  return job.status !== 'uploaded' && job.status !== 'awaiting_upload' && job.report !== undefined;
}

/**
 * An import job (route get_import, GET { postlog_id }), polled every second while its status
 * is not settled (the file is still being read). No id -> no request.
 * Key `['get_import', { postlog_id }]`.
 */
export function useImport(postlogId: string | undefined) {
  return useSWR(
    postlogId ? (['get_import', { postlog_id: postlogId }] as const) : null,
    ([, input]) => fetchImport(input),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
      refreshInterval: (job) => (job && importSettled(job) ? 0 : IMPORT_POLL_MS),
      errorRetryInterval: IMPORT_POLL_MS,
    },
  );
}
