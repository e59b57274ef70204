import {
  STATION_PAGE_SIZE,
  type StationPage,
  type StationQuery,
  type StationTag,
} from '#shared/contracts/stations.schema';
import {
  type MarketNames,
  searchStations,
  stationById,
  stationOption,
  stationTags,
} from './stations';
import type { StationSource } from './stations-ports';

/** What the station routes read: the list (cached) and the market names. */
export interface StationQueryDeps {
  source: StationSource;
  markets: MarketNames;
  /** The markets (DMA codes) of a signed-in caller's profile; [] for none. */
  marketsOf(userId: string): Promise<string[]>;
}

/**
 * GET stations (spec §7 dropdowns; design "Stations"): a page of the list in the caller's
 * context: the markets the page names (`prefer`: a rep's ticked or saved markets) and a
 * signed-in caller's profile markets come first; everyone else gets the whole list in its
 * order. `id` is not read here (global_stations only).
 */
export async function callerStations(
  deps: StationQueryDeps,
  query: StationQuery,
  userId: string | null,
): Promise<StationPage> {
  const prefer = [
    ...(query.prefer?.split(',') ?? []),
    ...(userId ? await deps.marketsOf(userId) : []),
  ];
  return searchStations(await deps.source.stations(), query, deps.markets, prefer);
}

/**
 * GET global_stations: a page of the whole list; with `id`, that one station as an option (a
 * page of one; of none when the id is unknown), for the ratings pages naming a station.
 */
export async function globalStations(
  deps: Pick<StationQueryDeps, 'source' | 'markets'>,
  query: StationQuery,
): Promise<StationPage> {
  if (query.id) {
    const station = await stationById(deps.source, query.id);
    return {
      stations: station ? [stationOption(station, deps.markets)] : [],
      page: 1,
      total: station ? 1 : 0,
      page_size: STATION_PAGE_SIZE,
    };
  }
  return searchStations(await deps.source.stations(), query, deps.markets);
}

/** GET tags: `{ tags }`, the formats and types of the list with their counts. */
export async function tagsOfStations(
  deps: Pick<StationQueryDeps, 'source'>,
): Promise<{ tags: StationTag[] }> {
  return { tags: stationTags(await deps.source.stations()) };
}
