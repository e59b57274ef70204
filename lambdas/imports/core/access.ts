import type { Caller } from '../../../layers/shared/auth/caller';
import { writableClient } from '../../../layers/shared/companies/companies';
import { NotFound } from '../../../layers/shared/errors';
import type { ImportDeps, ImportJobRecord } from './ports';

/**
 * Loads a job the caller may see: staff, or a member of the job's organisation.
 * @throws NotFound when absent OR of another organisation (same answer: ids cannot be probed).
 */
export async function visibleJob(
  deps: Pick<ImportDeps, 'jobs' | 'companies'>,
  caller: Caller,
  postlogId: string,
): Promise<ImportJobRecord> {
  const job = await deps.jobs.get(postlogId);
  if (!job) throw new NotFound('Import');
  if (caller.staff) return job;
  const orgs = await deps.companies.orgsOfUser(caller.userId);
  if (!orgs.includes(job.org_uid)) throw new NotFound('Import');
  return job;
}

/**
 * Like visibleJob, for changes: a visits job also needs write access to its client.
 * @throws NotFound / Forbidden as writableClient does.
 */
export async function changeableJob(
  deps: Pick<ImportDeps, 'jobs' | 'companies'>,
  caller: Caller,
  postlogId: string,
): Promise<ImportJobRecord> {
  const job = await visibleJob(deps, caller, postlogId);
  if (job.client_uid && job.kind === 'visits') {
    await writableClient(deps.companies, caller, job.client_uid);
  }
  return job;
}

/** The job as the API shows it (the shared ImportJob contract: no internal fields). */
export function publicJob(job: ImportJobRecord) {
  const { org_uid: _o, object_key: _k, created_by: _c, ...rest } = job;
  return rest;
}
