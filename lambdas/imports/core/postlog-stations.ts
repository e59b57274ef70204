import type { Station, StationTypeId } from '#shared/contracts/stations.schema';
import { matchStation } from '../../reference/core/stations-match';
import type { PostlogAiring } from './types';

/** How many unmatched call signs an import report lists (the count says how many in all). */
export const MAX_UNMATCHED_LISTED = 50;

/** Longest call sign text kept in the report (a post-log cell can be anything). */
const MAX_CALL_TEXT = 32;

/** What the import report says about stations missing from the station list. */
export interface UnmatchedStations {
  /** Distinct call signs as the file wrote them, sorted, at most {@link MAX_UNMATCHED_LISTED}. */
  unmatched_stations: string[];
  /** How many distinct call signs were not matched in all. */
  unmatched_station_count: number;
}

/**
 * The post-log's stations that the station list does not know (design "Stations": post-log
 * import). Each distinct (call sign, market, station type) of the airings is matched with
 * matchStation (suffixes ignored, same market preferred, ambiguous = unmatched); a call sign is
 * listed when any of its rows is unmatched. Only reported: an unmatched station never blocks
 * an import, and an empty list (never loaded) reports nothing rather than every station.
 * @returns null when the list is empty.
 */
export function unmatchedStations(
  list: readonly Station[],
  airings: readonly Pick<PostlogAiring, 'station' | 'market' | 'stationType'>[],
): UnmatchedStations | null {
  if (list.length === 0) return null;
  const seen = new Set<string>();
  const unmatched = new Set<string>();
  for (const a of airings) {
    const key = `${a.station}\u0000${a.market}\u0000${a.stationType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const type: StationTypeId = a.stationType;
    if (!matchStation(list, a.station, a.market, type)) {
      unmatched.add(a.station.trim().slice(0, MAX_CALL_TEXT));
    }
  }
  const sorted = [...unmatched].sort();
  return {
    unmatched_stations: sorted.slice(0, MAX_UNMATCHED_LISTED),
    unmatched_station_count: sorted.length,
  };
}
