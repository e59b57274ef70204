import type { AvailableProducts } from '#shared/billing/available-products';
import type { CompanyFilters, StationGroup } from '#shared/contracts/companies.schema';
import type { CompanyPrefs, CompanyPrefsStore, OrgDirectory } from '../core/company-list-ports';

/** In-memory CompanyPrefsStore for tests (same behaviour as DynamoCompanyPrefs). */
export class MemoryCompanyPrefs implements CompanyPrefsStore {
  readonly saved = new Map<string, { filters: CompanyFilters; station_groups: StationGroup[] }>();
  readonly favorites = new Map<string, Set<string>>();

  async load(userId: string): Promise<CompanyPrefs> {
    const saved = this.saved.get(userId);
    return {
      filters: saved ? structuredClone(saved.filters) : null,
      station_groups: structuredClone(saved?.station_groups ?? []),
      favorites: new Set(this.favorites.get(userId) ?? []),
    };
  }
  async saveFilters(userId: string, filters: CompanyFilters, groups?: StationGroup[]) {
    const keep = groups ?? this.saved.get(userId)?.station_groups ?? [];
    this.saved.set(userId, structuredClone({ filters, station_groups: keep }));
  }
  async setFavorite(userId: string, clientUid: string, added: boolean) {
    const set = this.favorites.get(userId) ?? new Set<string>();
    if (added) set.add(clientUid);
    else set.delete(clientUid);
    this.favorites.set(userId, set);
  }
}

/** In-memory OrgDirectory for tests: names and products set by the test. */
export class MemoryOrgDirectory implements OrgDirectory {
  readonly names = new Map<string, string>();
  readonly products = new Map<string, AvailableProducts>();

  async orgNames(orgUids: readonly string[]) {
    return new Map(orgUids.flatMap((o) => (this.names.has(o) ? [[o, this.names.get(o)!]] : [])));
  }
  async productsOf(orgUids: readonly string[]) {
    return new Map(
      orgUids.flatMap((o) => (this.products.has(o) ? [[o, this.products.get(o)!]] : [])),
    );
  }
}
