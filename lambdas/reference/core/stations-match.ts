import type { Station, StationTypeId } from '#shared/contracts/stations.schema';
import { callBase } from '#shared/reference/call-sign';

const indexes = new WeakMap<readonly Station[], Map<string, Station[]>>();

/** The list indexed by call base, built once per list object. */
function indexOf(list: readonly Station[]): Map<string, Station[]> {
  let index = indexes.get(list);
  if (index) return index;
  index = new Map();
  for (const station of list) {
    const same = index.get(station.call_base) ?? [];
    same.push(station);
    index.set(station.call_base, same);
  }
  indexes.set(list, index);
  return index;
}

/** The one station left, or null when none or several are. */
const single = (candidates: readonly Station[]) =>
  candidates.length === 1 ? (candidates[0] ?? null) : null;

/**
 * The station of the list a post-log's call sign names (design "Stations": call-sign matching).
 * Both sides are compared on the call base (upper case, service suffixes -TV, -DT, -FM, -AM, -LP,
 * -CD, -CA, -HD<n> stripped), so 'wpvi-tv' finds 'WPVI'. Several stations share a base (KYW
 * is a TV station and an AM station of Philadelphia; WKRP-AM and WKRP-FM are two stations):
 * those in `market` (a DMA code) are preferred, then those of `type`; when more than one is
 * still left the call sign is ambiguous and nothing is matched, so a post-log never lands on a
 * guessed station. A market none of the candidates is in (a national airing, 'NATIONAL')
 * narrows nothing. A given `type` must match: a TV airing is never filed under the radio
 * station that happens to share its call letters.
 * @returns the station, or null when unmatched or ambiguous. Pure; never throws.
 */
export function matchStation(
  list: readonly Station[],
  callSign: string,
  market?: string | null,
  type?: StationTypeId | null,
): Station | null {
  const base = callBase(callSign);
  if (!base) return null;
  let candidates = indexOf(list).get(base) ?? [];
  if (type) candidates = candidates.filter((s) => s.type === type);
  if (candidates.length <= 1) return single(candidates);
  const inMarket = market ? candidates.filter((s) => s.dma_code === market) : [];
  return single(inMarket.length > 0 ? inMarket : candidates);
}
