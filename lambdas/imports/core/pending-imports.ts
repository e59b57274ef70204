import { orgRoleFor } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import { loadAccess, writableClient } from '#shared/companies/companies';
import type { PendingImportsResult } from '#shared/contracts/postlog.schema';
import { publicJob } from './access';
import type { ImportDeps } from './ports';

/**
 * How far back jobs in review are looked for, days: the uploads bucket keeps an upload 30 days
 * (StageConfig.expiry.uploadsDays), and a job whose file is gone can no longer be confirmed.
 */
export const REVIEW_KEPT_DAYS = 30;

/** At most this many jobs are listed (the newest). */
export const PENDING_IMPORTS_MAX = 20;

/**
 * The imports waiting in review for a client (pending_imports): files with row errors, nothing
 * applied, until someone with `import` on the client confirms the clean rows. A post-log drop's
 * file waits here like a browser upload whose tab was closed. Members of the client's
 * organisation also see its post-logs made without a client (an organisation drop's).
 * @throws NotFound when the client is out of reach; Forbidden without `import` (a sample client).
 */
export async function pendingImports(
  deps: Pick<ImportDeps, 'jobs' | 'companies' | 'now'>,
  caller: Caller,
  input: { client_uid: string },
): Promise<PendingImportsResult> {
  const client = await writableClient(deps.companies, caller, input.client_uid, 'import');
  const access = await loadAccess(deps.companies, caller, [client.org_uid]);
  const member = caller.staff || orgRoleFor(client.org_uid, access) !== null;
  const since = new Date(deps.now().getTime() - REVIEW_KEPT_DAYS * 86_400_000).toISOString();
  const jobs = await deps.jobs.inReview(client.org_uid, since);
  const mine = jobs.filter(
    (j) => j.client_uid === client.client_uid || (member && j.client_uid === ''),
  );
  return { imports: mine.slice(0, PENDING_IMPORTS_MAX).map(publicJob) };
}
