import type { Caller } from '#shared/auth/caller';
import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import type { FamilyOptionsResult } from '#shared/contracts/families.schema';
import { USER_JOB_TTL_S } from '#shared/jobs/user-jobs';
import { visibleClients } from '../../companies/core/fetch-companies';
import { monthsBetween, quartersOfMonths } from './family-periods';
import { statusOf } from './generate';
import type { Clock, FamilyFiles, FamilyJobs } from './ports';

/** Months offered per client at most (three years), newest first. */
export const MAX_OPTION_MONTHS = 36;
/** Recent generated reports listed at most. */
export const MAX_RECENT = 20;

/**
 * The months (YYYY-MM) a client has airings in, newest first: every month from its first
 * airing to its last (the import keeps both; UTC dates, as the report's days), at most
 * MAX_OPTION_MONTHS. None without airings.
 */
export function clientMonths(client: Pick<ClientRecord, 'first_airing_utc' | 'last_airing_utc'>) {
  if (!client.first_airing_utc || !client.last_airing_utc) return [];
  return monthsBetween(
    client.first_airing_utc.slice(0, 10),
    client.last_airing_utc.slice(0, 10),
  ).slice(0, MAX_OPTION_MONTHS);
}

/**
 * monthly_report_options / quarterly_report_options (spec §7): what the caller may choose:
 * every client they may see (spec §6; the demo client too) that has airings, by name, with its
 * months or quarters, newest first; with client_uid only that client (one the caller may not
 * see answers an empty list, as an unknown one); and the caller's generated reports of the job
 * index's lifetime (7 days), newest first, at most MAX_RECENT, with links when done.
 */
export async function familyOptions(
  deps: { companies: CompaniesRepository; jobs: FamilyJobs; files: FamilyFiles; clock: Clock },
  caller: Caller,
  by: 'month' | 'quarter',
  input: { client_uid?: string },
): Promise<FamilyOptionsResult> {
  const since = new Date(deps.clock.now().getTime() - USER_JOB_TTL_S * 1000).toISOString();
  const [{ visible }, jobs] = await Promise.all([
    visibleClients(deps.companies, caller),
    deps.jobs.listByUser(caller.userId, since, MAX_RECENT),
  ]);
  const clients = visible
    .map((v) => v.client)
    .filter((c) => !input.client_uid || c.client_uid === input.client_uid)
    .map((c) => {
      const months = clientMonths(c);
      return {
        client_uid: c.client_uid,
        name: c.name,
        periods: by === 'month' ? months : quartersOfMonths(months),
      };
    })
    .filter((c) => c.periods.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name) || a.client_uid.localeCompare(b.client_uid));
  const recent = await Promise.all(
    jobs.filter((j) => j.user_id === caller.userId).map((j) => statusOf(deps.files, j)),
  );
  return { clients, recent };
}
