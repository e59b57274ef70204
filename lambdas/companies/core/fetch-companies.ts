import { clientPerms } from '../../../layers/shared/accounts/perms';
import type { Caller } from '../../../layers/shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  loadAccess,
} from '../../../layers/shared/companies/companies';
import type { CompaniesResult, CompanyListItem } from '../../../layers/shared/contracts/api.schema';
import {
  CONNECTION_STATUSES,
  type ConnectionStatus,
} from '../../../layers/shared/contracts/connections.schema';

export type { CompanyListItem };

/**
 * The clients a caller can report on, each with the caller's perms map (spec §7 "fetch
 * companies": clients, total_clients, perms; spec §6; spec §9 "companies default sort
 * created_date").
 * Steps: 1. load the caller's memberships (with roles) and the active shares to their verified
 * e-mail; 2. list the clients of each organisation and of its sub-organisations, the demo
 * clients and the shared clients; 3. drop duplicates and clients the caller cannot view;
 * 4. keep the connection statuses `filters` selects (connectionFilter); 5. sort by created_at
 * ascending (then name).
 * @returns `{ clients, total_clients }`; only the demo clients for a user with no organisation
 *   and no share.
 */
export async function fetchCompanies(
  deps: { companies: CompaniesRepository },
  caller: Caller,
  input: { filters?: Partial<Record<'all' | ConnectionStatus, boolean>> } = {},
): Promise<CompaniesResult> {
  const keep = connectionFilter(input.filters);
  const { companies } = deps;
  const access = await loadAccess(companies, caller);
  const orgParents = new Map<string, string>();
  for (const org of access.orgRoles.keys()) {
    for (const child of await companies.childOrgs(org)) orgParents.set(child, org);
  }
  const orgs = [...new Set([...access.orgRoles.keys(), ...orgParents.keys()])];
  const sharedUids = [...new Set(access.shares.map((s) => s.client_uid))];
  const lists = await Promise.all([
    ...orgs.map((org) => companies.listClientsOfOrg(org)),
    companies.listDemoClients(),
    Promise.all(sharedUids.map((uid) => companies.getClient(uid))),
  ]);
  const byUid = new Map<string, ClientRecord>();
  for (const client of lists.flat()) if (client) byUid.set(client.client_uid, client);
  const fullAccess = { ...access, orgParents };
  const clients = [...byUid.values()]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.name.localeCompare(b.name))
    .map((c) => {
      const perms = clientPerms(caller, c, fullAccess);
      const member = fullAccess.orgRoles.has(c.org_uid) || orgParents.has(c.org_uid);
      return {
        ...toItem(c),
        perms,
        shared: !member && !c.demo && sharedUids.includes(c.client_uid),
      };
    })
    .filter((c) => c.perms.view && keep(c.connection_status ?? 'not_connected'));
  return { clients, total_clients: clients.length };
}

/**
 * Which connection statuses a list shows (spec §3 "Company (client)" filters): those whose flag
 * is true; every status when `all` is true or no status flag is (an empty selection filters
 * nothing). A client's status is its stored `connection_status`, absent = not_connected.
 */
export function connectionFilter(
  filters: Partial<Record<'all' | ConnectionStatus, boolean>> = {},
): (status: ConnectionStatus) => boolean {
  const chosen = new Set(CONNECTION_STATUSES.filter((s) => filters[s] === true));
  if (filters.all === true || chosen.size === 0) return () => true;
  return (status) => chosen.has(status);
}

function toItem(c: ClientRecord): Omit<CompanyListItem, 'perms' | 'shared'> {
  return {
    client_uid: c.client_uid,
    name: c.name,
    sample_data: c.sample_data,
    demo: c.demo,
    airings: c.airings,
    first_airing_utc: c.first_airing_utc,
    last_airing_utc: c.last_airing_utc,
    latest_report_id: c.latest_report_id,
    connection_status: c.connection_status ?? 'not_connected',
  };
}
