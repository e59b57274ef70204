/**
 * Where the station list lives in the CompaniesTable: partition `REF#stations`, one item per
 * chunk (`sk CHUNK#0000`...) holding part of the list as JSON, each under
 * {@link STATION_CHUNK_BYTES} (DynamoDB's item limit is 400 KB; 17K stations do not fit one
 * item), and one `sk META` item naming how many chunks the current list has. The store
 * (lambdas/reference/adapters/dynamo-stations.ts) and any grant derive their keys from here.
 */
export const STATIONS_PK = 'REF#stations';

/** The META item's sort key. */
export const STATIONS_META_SK = 'META';

/** A chunk's sort key: `CHUNK#0007`. */
export const stationChunkSk = (index: number): string => `CHUNK#${String(index).padStart(4, '0')}`;

/** Largest JSON text per chunk, in bytes (UTF-8): under DynamoDB's 400 KB item limit. */
export const STATION_CHUNK_BYTES = 350_000;
