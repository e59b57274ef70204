import type { Caller } from '../../../layers/shared/auth/caller';
import type { ClientRecord, CompaniesRepository } from '../../../layers/shared/companies/companies';
import type { CompanyListItem } from '../../../layers/shared/contracts/api.schema';

export type { CompanyListItem };

/**
 * The clients a caller can report on (spec §7 "fetch companies"; spec §9 "companies default sort
 * created_date").
 * Steps: 1. find the caller's organisations; 2. list each organisation's clients plus the demo
 * clients; 3. drop duplicates; 4. sort by created_at ascending (then name).
 * @returns `{ clients }`; only the demo clients for a user without an organisation.
 */
export async function fetchCompanies(
  deps: { companies: CompaniesRepository },
  caller: Caller,
): Promise<{ clients: CompanyListItem[] }> {
  const orgs = await deps.companies.orgsOfUser(caller.userId);
  const lists = await Promise.all([
    ...orgs.map((org) => deps.companies.listClientsOfOrg(org)),
    deps.companies.listDemoClients(),
  ]);
  const byUid = new Map<string, ClientRecord>();
  for (const client of lists.flat()) byUid.set(client.client_uid, client);
  const clients = [...byUid.values()]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.name.localeCompare(b.name))
    .map(toItem);
  return { clients };
}

function toItem(c: ClientRecord): CompanyListItem {
  return {
    client_uid: c.client_uid,
    name: c.name,
    sample_data: c.sample_data,
    demo: c.demo,
    airings: c.airings,
    first_airing_utc: c.first_airing_utc,
    last_airing_utc: c.last_airing_utc,
    latest_report_id: c.latest_report_id,
  };
}
