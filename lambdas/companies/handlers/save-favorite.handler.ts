import type { CompaniesRepository } from '#shared/companies/companies';
import { saveFavoriteInputSchema } from '#shared/contracts/companies.schema';
import { userRoute } from '#shared/http/route-handler';
import { companyListDeps } from '../adapters/company-list-deps';
import type { CompanyPrefsStore } from '../core/company-list-ports';
import { saveFavorite } from '../core/save-company-prefs';

/**
 * POST /ss_rest/save_favorite (spec §4): `{ client_uid, added }` marks or unmarks a client the
 * caller may view as their favourite; answers `{ client_uid, is_favorite }`, 404 for a client
 * they cannot see.
 */
export function makeHandler(
  deps: () => { companies: CompaniesRepository; prefs: CompanyPrefsStore },
) {
  return userRoute(saveFavoriteInputSchema, (input, { caller }) =>
    saveFavorite(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(companyListDeps);
