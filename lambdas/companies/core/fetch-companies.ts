import type { z } from 'zod';
import { clientPerms } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  loadAccess,
} from '#shared/companies/companies';
import type { PermsMap } from '#shared/contracts/account.schema';
import type { CompanyListItem } from '#shared/contracts/api.schema';
import {
  COMPANIES_PAGE_SIZE,
  type CompaniesPage,
  type fetchCompaniesInputSchema,
} from '#shared/contracts/companies.schema';
import { industryOfRow } from '#shared/reference/industries';
import { SHIPPED_IAB_ROWS } from '#shared/reference/shipped';
import { effectiveFilters, pageOf, rowFilter, sortRows } from './company-filters';
import type { CompanyPrefsStore, IndustryIndex, OrgDirectory } from './company-list-ports';
import { buildLists } from './company-lists';
import { type CompanyListRow, stationsByAirings, toRow } from './company-rows';

export { connectionFilter } from './company-filters';
export type { CompanyListItem };

/** fetch_companies' answer: a CompaniesPage whose rows keep the older list fields too. */
export type CompanyListPage = Omit<CompaniesPage, 'clients'> & { clients: CompanyListRow[] };

/** What fetch_companies reads. prefs and orgs are optional (none: no favourites, no products). */
export interface FetchCompaniesDeps {
  companies: CompaniesRepository;
  prefs?: CompanyPrefsStore;
  orgs?: OrgDirectory;
  /** @default the shipped IAB taxonomy */
  industries?: IndustryIndex;
  /** @default the current time */
  clock?: () => Date;
}

/** The shipped taxonomy by id (the default IndustryIndex). */
export const SHIPPED_INDUSTRIES: IndustryIndex = new Map(
  SHIPPED_IAB_ROWS.map((r) => [r.unique_id, industryOfRow(r)]),
);

/** A client the caller may see, with their perms and whether a share is how they see it. */
export interface VisibleClient {
  client: ClientRecord;
  perms: PermsMap;
  shared: boolean;
}

/**
 * Every client the caller may see (spec §6): those of their organisations and their
 * sub-organisations, the demo clients and the clients shared to their verified e-mail, each
 * once, with perms `view`. Also returns the caller's access (roles and active shares).
 */
export async function visibleClients(companies: CompaniesRepository, caller: Caller) {
  const access = await loadAccess(companies, caller);
  const orgParents = new Map<string, string>();
  await Promise.all(
    [...access.orgRoles.keys()].map(async (org) => {
      for (const child of await companies.childOrgs(org)) orgParents.set(child, org);
    }),
  );
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
  const visible: VisibleClient[] = [];
  for (const client of byUid.values()) {
    const perms = clientPerms(caller, client, fullAccess);
    if (!perms.view) continue;
    const member = fullAccess.orgRoles.has(client.org_uid) || orgParents.has(client.org_uid);
    const shared = !member && !client.demo && sharedUids.includes(client.client_uid);
    visible.push({ client, perms, shared });
  }
  return { visible, access: fullAccess };
}

/**
 * fetch_companies (spec §3 "Company (client)", §4 "Queue (companies)", §7, §9): one page of the
 * caller's task list.
 * Steps: 1. the visible clients (visibleClients) and, in parallel, the caller's preferences;
 * 2. the filters: defaults under the saved ones under the request's (effectiveFilters; with
 * `all_clients`, saved ones are skipped); 3. rows with the organisations' products;
 * 4. filter, sort, page (10 a page from page 1; all rows with `all_clients`); 5. the filter
 * lists from every visible client. `total_clients` counts the filtered rows, all pages.
 * @returns a CompaniesPage whose rows also carry `name` and `connection_status`.
 */
export async function fetchCompanies(
  deps: FetchCompaniesDeps,
  caller: Caller,
  input: z.output<typeof fetchCompaniesInputSchema> = {},
): Promise<CompanyListPage> {
  const now = deps.clock?.() ?? new Date();
  const industries = deps.industries ?? SHIPPED_INDUSTRIES;
  const [{ visible, access }, prefs] = await Promise.all([
    visibleClients(deps.companies, caller),
    deps.prefs?.load(caller.userId) ?? null,
  ]);
  const filters = effectiveFilters(input.all_clients ? null : prefs?.filters, input.filters);
  const orgUids = [...new Set(visible.map((v) => v.client.org_uid))];
  const [products, orgNames] = await Promise.all([
    deps.orgs?.productsOf(orgUids, now) ?? new Map(),
    deps.orgs?.orgNames(orgUids) ?? new Map<string, string>(),
  ]);
  const favorites = prefs?.favorites ?? new Set<string>();
  const records = new Map(visible.map((v) => [v.client.client_uid, v.client]));
  const stationGroups = prefs?.station_groups ?? [];
  const rows = visible.map((v) =>
    toRow(v.client, {
      perms: v.perms,
      shared: v.shared,
      favorite: favorites.has(v.client.client_uid),
      products: products.get(v.client.org_uid),
      industries,
    }),
  );
  const keep = rowFilter(filters, {
    callerId: caller.userId,
    now,
    repUids: (uid) => records.get(uid)?.rep_uids ?? [],
    hasCosts: (uid) => records.get(uid)?.has_costs === true,
    stations: (uid) => {
      const c = records.get(uid);
      return c ? stationsByAirings(c) : [];
    },
    industries,
    shareClients: new Map(access.shares.map((s) => [s.share_uid, s.client_uid])),
    stationGroups,
  });
  const matching = sortRows(rows.filter(keep), filters);
  const pageSize = input.all_clients
    ? Math.max(matching.length, 1)
    : (input.page_size ?? COMPANIES_PAGE_SIZE);
  const page = input.all_clients ? 1 : (input.page ?? 1);
  const editable = visible.filter((v) => v.perms.edit).length;
  return {
    clients: pageOf(matching, page, pageSize),
    total_clients: matching.length,
    page,
    page_size: pageSize,
    perms: { create: access.orgRoles.size > 0, merge: editable >= 2 },
    filters,
    ...buildLists({
      clients: visible.map((v) => v.client),
      shares: access.shares,
      orgNames,
      stationGroups,
      industries,
    }),
  };
}
