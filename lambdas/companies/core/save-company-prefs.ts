import type { Caller } from '#shared/auth/caller';
import { type CompaniesRepository, readableClient } from '#shared/companies/companies';
import type { CompanyFilters, StationGroup } from '#shared/contracts/companies.schema';
import type { CompanyPrefsStore } from './company-list-ports';

/**
 * save_filters (spec §4 "save filters"): keeps the caller's task-list filters (and their station
 * groups when given) as the defaults of their later fetch_companies calls. Filters name no
 * client, so nothing is checked beyond the sign-in; station group ids must be unique.
 * @returns what is now saved.
 */
export async function saveFilters(
  deps: { prefs: CompanyPrefsStore },
  caller: Caller,
  input: { filters: CompanyFilters; user_station_groups?: StationGroup[] },
): Promise<{ filters: CompanyFilters; user_station_groups: StationGroup[] }> {
  await deps.prefs.saveFilters(caller.userId, input.filters, input.user_station_groups);
  const saved = await deps.prefs.load(caller.userId);
  return { filters: saved.filters ?? input.filters, user_station_groups: saved.station_groups };
}

/**
 * save_favorite (spec §4 "favorite toggles is_favorite"): marks (`added`) or unmarks a client as
 * the caller's favourite. Idempotent.
 * @throws NotFound when the client does not exist or the caller may not view it (so a stranger
 *   cannot probe client ids).
 */
export async function saveFavorite(
  deps: { companies: CompaniesRepository; prefs: CompanyPrefsStore },
  caller: Caller,
  input: { client_uid: string; added: boolean },
): Promise<{ client_uid: string; is_favorite: boolean }> {
  const client = await readableClient(deps.companies, caller, input.client_uid);
  await deps.prefs.setFavorite(caller.userId, client.client_uid, input.added);
  return { client_uid: client.client_uid, is_favorite: input.added };
}
