import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { grantsAccess } from '#shared/billing/available-products';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import { availableProductsOf } from '#shared/billing/entitlements';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { requiredEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import { industryRoot } from '../core/labels';
import type { PrimaryStation } from '../core/market-insights';
import type { RatingsClients, RatingsStations } from '../core/ports';
import type { ReadDeps } from '../core/read-model';
import type { RecomputeDeps } from '../core/recompute';
import type { StationLookup } from '../core/station-page';
import { DynamoRatingsResults } from './dynamo-ratings-results';
import { DynamoRatingsSources } from './dynamo-ratings-sources';
import { stationListLookup, stationListResolver } from './station-list';

/**
 * Composition of the ratings context on the CompaniesTable, built on first use and shared by the
 * container (handlers wrap these in their lazy roots).
 */

const table = () => requiredEnv(process.env, ENV.companiesTable);

/** Contributions (filed by the report's Store step, read by the recompute). */
export const ratingsSourcesFromEnv = () => new DynamoRatingsSources(ddbDocClient(), table());
/** Published results. */
export const ratingsResultsFromEnv = () => new DynamoRatingsResults(ddbDocClient(), table());

/** Client records and the owning organisations' subscriptions (billing's copies). */
export function ratingsClientsFromEnv(): RatingsClients {
  const companies = new DynamoCompanies(ddbDocClient(), table());
  const subscriptions = new DynamoSubscriptionReader(ddbDocClient(), table());
  return {
    async records(uids) {
      const out = new Map<string, Awaited<ReturnType<typeof companies.getClient>> & object>();
      const unique = [...new Set(uids)];
      for (let i = 0; i < unique.length; i += 25) {
        const batch = await Promise.all(unique.slice(i, i + 25).map((u) => companies.getClient(u)));
        for (const record of batch) if (record) out.set(record.client_uid, record);
      }
      return out;
    },
    async orgEntitled(orgUid) {
      const now = new Date();
      return (await subscriptions.subscriptionsOf(orgUid)).some((s) => grantsAccess(s, now));
    },
  };
}

/** The station list (lambdas/reference) as the recompute and the station page read it. */
export const ratingsStationsFromEnv = (): RatingsStations & StationLookup => ({
  resolver: () => stationListResolver(),
  byId: (id) => stationListLookup(id),
});

/** What the read routes run with: results and the caller's flags from the billing copies. */
export function readDepsFromEnv(): ReadDeps & {
  stations: StationLookup;
  profiles: PrimaryStation;
} {
  const accounts = new DynamoAccounts(ddbDocClient(), table());
  const entitlements = {
    memberships: accounts,
    subscriptions: new DynamoSubscriptionReader(ddbDocClient(), table()),
  };
  return {
    results: ratingsResultsFromEnv(),
    flags: async (caller) => (caller ? availableProductsOf(entitlements, caller.userId) : null),
    stations: ratingsStationsFromEnv(),
    profiles: {
      primaryStation: async (userId) =>
        (await accounts.getProfile(userId))?.default_station_id || null,
    },
  };
}

/** What the recompute worker runs with. */
export const recomputeDepsFromEnv = (): RecomputeDeps => ({
  sources: ratingsSourcesFromEnv(),
  results: ratingsResultsFromEnv(),
  clients: ratingsClientsFromEnv(),
  stations: ratingsStationsFromEnv(),
  industryRoot,
  clock: { now: () => new Date() },
});
