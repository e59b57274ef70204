import { saveFiltersInputSchema } from '#shared/contracts/companies.schema';
import { userRoute } from '#shared/http/route-handler';
import { companyListDeps } from '../adapters/company-list-deps';
import type { CompanyPrefsStore } from '../core/company-list-ports';
import { saveFilters } from '../core/save-company-prefs';

/**
 * POST /ss_rest/save_filters (spec §4): keeps the caller's task-list filters (and station
 * groups); answers `{ filters, user_station_groups }`.
 */
export function makeHandler(deps: () => { prefs: CompanyPrefsStore }) {
  return userRoute(saveFiltersInputSchema, (input, { caller }) =>
    saveFilters(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(companyListDeps);
