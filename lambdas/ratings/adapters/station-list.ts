import type { Station } from '#shared/contracts/stations.schema';
import type { StationResolver } from '../core/stations';

/**
 * The station list (lambdas/reference) as the ratings read it. Until the reference context
 * exposes its list here, nothing matches: call signs are the ratings' keys and formats come from
 * the station type (stations.ts formatOfType).
 */

/** A resolver over the station list. */
export async function stationListResolver(): Promise<StationResolver> {
  return () => null;
}

/** A station of the list by id. */
export async function stationListLookup(_id: string): Promise<Station | null> {
  return null;
}
