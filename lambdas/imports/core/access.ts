import { clientPerms, orgRoleFor } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import { loadAccess, writableClient } from '#shared/companies/companies';
import { importNeedsClient } from '#shared/contracts/postlog.schema';
import { NotFound } from '#shared/errors';
import type { ImportDeps, ImportJobRecord } from './ports';

/**
 * Loads a job the caller may see: staff, a member of the job's organisation (or of its parent),
 * or someone holding the `import` permission on the job's client through a share (spec §6).
 * @throws NotFound when absent OR out of reach (same answer: ids cannot be probed).
 */
export async function visibleJob(
  deps: Pick<ImportDeps, 'jobs' | 'companies'>,
  caller: Caller,
  postlogId: string,
): Promise<ImportJobRecord> {
  const job = await deps.jobs.get(postlogId);
  if (!job) throw new NotFound('Import');
  if (caller.staff) return job;
  const access = await loadAccess(deps.companies, caller, [job.org_uid]);
  if (orgRoleFor(job.org_uid, access)) return job;
  const client = job.client_uid ? await deps.companies.getClient(job.client_uid) : null;
  if (client && clientPerms(caller, client, access).import) return job;
  throw new NotFound('Import');
}

/**
 * Like visibleJob, for changes: a visits or foot-traffic job also needs write access to its
 * client.
 * @throws NotFound / Forbidden as writableClient does.
 */
export async function changeableJob(
  deps: Pick<ImportDeps, 'jobs' | 'companies'>,
  caller: Caller,
  postlogId: string,
): Promise<ImportJobRecord> {
  const job = await visibleJob(deps, caller, postlogId);
  if (job.client_uid && importNeedsClient(job.kind)) {
    await writableClient(deps.companies, caller, job.client_uid, 'import');
  }
  return job;
}

/** The job as the API shows it (the shared ImportJob contract: no internal fields). */
export function publicJob(job: ImportJobRecord) {
  const { org_uid: _o, object_key: _k, created_by: _c, ...rest } = job;
  return rest;
}
