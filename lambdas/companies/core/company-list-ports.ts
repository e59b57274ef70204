import type { AvailableProducts } from '#shared/billing/available-products';
import type { CompanyFilters, StationGroup } from '#shared/contracts/companies.schema';
import type { Industry } from '#shared/reference/industries';

/**
 * Ports of the company task list (fetch_companies, save_filters, save_favorite). Clients,
 * memberships and shares come from the CompaniesRepository (layers/shared/companies).
 */

/** A user's task-list preferences: saved filters, station groups and favourite clients. */
export interface CompanyPrefs {
  /** The filters saved with save_filters; null before the first save. */
  filters: CompanyFilters | null;
  station_groups: StationGroup[];
  /** Client uids the user marked as favourite (any client; only visible ones are used). */
  favorites: Set<string>;
}

/** Storage of CompanyPrefs (CompaniesTable `USER#<u>` items in AWS). */
export interface CompanyPrefsStore {
  load(userId: string): Promise<CompanyPrefs>;
  /** Replaces the saved filters, and the station groups when given. */
  saveFilters(userId: string, filters: CompanyFilters, groups?: StationGroup[]): Promise<void>;
  /** Adds (`added`) or removes a favourite; idempotent. */
  setFavorite(userId: string, clientUid: string, added: boolean): Promise<void>;
}

/** What the list shows of organisations: their names and the products they pay for. */
export interface OrgDirectory {
  /** Names of the organisations that have a record (others are absent from the map). */
  orgNames(orgUids: readonly string[]): Promise<Map<string, string>>;
  /** The available_products flags of each organisation's subscriptions granting access now. */
  productsOf(orgUids: readonly string[], now: Date): Promise<Map<string, AvailableProducts>>;
}

/** Industries by id (the IAB Ad Product Taxonomy; layers/shared/reference/industries.ts). */
export type IndustryIndex = ReadonlyMap<string, Industry>;
