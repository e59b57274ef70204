import type { Station } from '#shared/contracts/stations.schema';

/**
 * Where the station list is kept (the CompaniesTable, in chunks: adapters/dynamo-stations.ts).
 * The list is one whole: `put` replaces it, `get` reads all of it.
 */
export interface StationStore {
  /** The stored list, or null when never loaded. */
  get(): Promise<Station[] | null>;
  /** Whether a list is stored (one small read: the seed's "already loaded" check). */
  loaded(): Promise<boolean>;
  /** Replaces the stored list with `stations` (never called with an empty list). */
  put(stations: readonly Station[]): Promise<void>;
}

/** A market as the options name and order it: DMA code → name ('New York, NY') and rank. */
export interface MarketName {
  name: string;
  rank: number;
}

/** Where the station lookups read the list from (a cached StationStore; a fake in tests). */
export interface StationSource {
  /** Every station (empty when the list was never loaded). */
  stations(): Promise<readonly Station[]>;
}
