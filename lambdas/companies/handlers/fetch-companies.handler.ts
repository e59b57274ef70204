import { userRoute } from '#shared/http/route-handler';
import { companyListDeps } from '../adapters/company-list-deps';
import { type FetchCompaniesDeps, fetchCompanies } from '../core/fetch-companies';
import { fetchCompaniesSchema } from './fetch-companies.schema';

/**
 * POST /ss_rest/fetch_companies (spec §3, §4, §7): one page of the caller's task list (rows,
 * total_clients, perms, filters and the filter lists), or every client with `all_clients`.
 */
export function makeHandler(deps: () => FetchCompaniesDeps) {
  return userRoute(fetchCompaniesSchema, (input, { caller }) =>
    fetchCompanies(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(companyListDeps);
