import type { Caller } from '#shared/auth/caller';
import type { ImportJob } from '#shared/contracts/postlog.schema';
import { publicJob, visibleJob } from './access';
import type { ImportDeps } from './ports';

/**
 * get_import: an import job with its status and report (spec §3 "Post-log import job").
 * @throws NotFound when absent or of another organisation.
 */
export async function getImport(
  deps: Pick<ImportDeps, 'jobs' | 'companies'>,
  caller: Caller,
  postlogId: string,
): Promise<ImportJob> {
  return publicJob(await visibleJob(deps, caller, postlogId));
}
