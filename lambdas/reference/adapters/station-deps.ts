import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { dmaOfRow } from '#shared/reference/dmas';
import { SHIPPED_DMA_ROWS } from '#shared/reference/shipped';
import { ENV } from '#shared/workers';
import { cachedStations } from '../core/stations';
import type { StationQueryDeps } from '../core/stations-queries';
import { marketNamesOf } from '../core/stations-seed';
import { DynamoStations } from './dynamo-stations';

let built: StationQueryDeps | undefined;

/**
 * The station routes' dependencies on the CompaniesTable, built on first use and shared by the
 * container: the list cached in memory (cachedStations), the shipped market names, and the
 * caller's profile markets.
 */
export function stationQueryDeps(): StationQueryDeps {
  if (built) return built;
  const db = ddbDocClient();
  const table = requiredEnv(process.env, ENV.companiesTable);
  const accounts = new DynamoAccounts(db, table);
  built = {
    source: cachedStations(new DynamoStations(db, table), Date.now),
    markets: marketNamesOf(SHIPPED_DMA_ROWS.map(dmaOfRow)),
    marketsOf: async (userId) => (await accounts.getProfile(userId))?.markets ?? [],
  };
  return built;
}
