import {
  STATION_FORMATS,
  STATION_PAGE_SIZE,
  STATION_TYPES,
  type Station,
  type StationOption,
  type StationPage,
  type StationQuery,
  type StationTag,
} from '#shared/contracts/stations.schema';
import { callBase } from '#shared/reference/call-sign';
import type { MarketName, StationSource, StationStore } from './stations-ports';

/** Market names and ranks by DMA code (the shipped DMA list). */
export type MarketNames = ReadonlyMap<string, MarketName>;

const TYPE_LABEL: Record<Station['type'], string> = {
  tv: 'TV',
  radio: 'Radio',
  cable: 'Cable',
  streaming: 'Streaming',
  podcast: 'Podcast',
};

/** The group a station is listed under: its market's name, 'National' or 'Unplaced'. */
export function groupOf(station: Station, markets: MarketNames): string {
  if (station.dma_code) return markets.get(station.dma_code)?.name ?? station.dma_code;
  return station.source === 'network' ? 'National' : 'Unplaced';
}

/**
 * A station as a dropdown option (spec §3 "Station option: id, label, group_header, type"):
 * label 'WAAX 570 AM · Gadsden, AL · News/Talk' (radio), 'WPVI · Philadelphia, PA · Broadcast
 * TV' (a TV station, named by its market), 'CNNW · National · Cable News'.
 */
export function stationOption(station: Station, markets: MarketNames): StationOption {
  const group = groupOf(station, markets);
  const where = station.city
    ? `${station.city}${station.state ? `, ${station.state}` : ''}`
    : group;
  const name = station.frequency ? `${station.call_sign} ${station.frequency}` : station.call_sign;
  return {
    id: station.id,
    label: `${name} · ${where} · ${STATION_FORMATS[station.format]}`,
    group_header: group,
    type: station.type,
  };
}

/**
 * The list in the order the dropdown shows it: placed stations by their market's rank
 * (largest first), then national networks, then unplaced ones; within a market TV, radio,
 * cable..., then by call sign. Returns a new array.
 */
export function sortStations(list: readonly Station[], markets: MarketNames): Station[] {
  const rank = (s: Station) =>
    s.dma_code ? (markets.get(s.dma_code)?.rank ?? 900) : s.source === 'network' ? 1000 : 1001;
  return [...list].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      STATION_TYPES.indexOf(a.type) - STATION_TYPES.indexOf(b.type) ||
      a.call_sign.localeCompare(b.call_sign),
  );
}

const split = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9.]+/)
    .filter(Boolean);

const words = new WeakMap<Station, string[]>();

/** The words a station is found by: call sign and base, frequency, city, state, format, market. */
function wordsOf(station: Station, markets: MarketNames): string[] {
  let found = words.get(station);
  if (found) return found;
  found = [
    ...split(station.call_sign),
    station.call_base.toLowerCase(),
    ...split(station.frequency ?? ''),
    ...split(station.city),
    station.state.toLowerCase(),
    ...split(STATION_FORMATS[station.format]),
    station.format,
    ...split(TYPE_LABEL[station.type]),
    ...split(groupOf(station, markets)),
  ];
  words.set(station, found);
  return found;
}

/**
 * Whether a station answers a search text: the text's call base starts the station's call base
 * ('wpvi-tv' finds WPVI), or every word of the text starts one of the station's words (call
 * sign, frequency, city, state, format, market: 'news phil' finds Philadelphia's news/talk).
 * The text is read once, so filtering the whole list costs one pass.
 */
export function stationMatcher(q: string, markets: MarketNames): (station: Station) => boolean {
  const text = q.trim();
  if (!text) return () => true;
  const base = callBase(text);
  const tokens = split(text);
  return (station) => {
    if (base.length >= 2 && station.call_base.startsWith(base)) return true;
    const own = wordsOf(station, markets);
    return tokens.every((token) => own.some((word) => word.startsWith(token)));
  };
}

/**
 * One page of the dropdown (spec §7 "Dropdowns", §9 dropdown page 10; design "Stations"):
 * stations answering `q` (stationMatcher), in `market`, of `type` and `format` when given;
 * ordered by an exact call-sign hit first, then the caller's `preferMarkets` (a rep's markets),
 * then the list's own order (sortStations). `page` past the end gives an empty page.
 */
export function searchStations(
  list: readonly Station[],
  query: StationQuery,
  markets: MarketNames,
  preferMarkets: readonly string[] = [],
): StationPage {
  const exact = query.q ? callBase(query.q) : '';
  const preferred = new Set(preferMarkets);
  const matches = stationMatcher(query.q ?? '', markets);
  const hits = list.filter(
    (s) =>
      (!query.market || s.dma_code === query.market) &&
      (!query.type || s.type === query.type) &&
      (!query.format || s.format === query.format) &&
      matches(s),
  );
  const score = (s: Station) =>
    (exact && s.call_base === exact ? 0 : 2) + (s.dma_code && preferred.has(s.dma_code) ? 0 : 1);
  const ordered = exact || preferred.size > 0 ? hits.sort((a, b) => score(a) - score(b)) : hits;
  const start = (query.page - 1) * STATION_PAGE_SIZE;
  return {
    stations: ordered.slice(start, start + STATION_PAGE_SIZE).map((s) => stationOption(s, markets)),
    page: query.page,
    total: hits.length,
    page_size: STATION_PAGE_SIZE,
  };
}

/**
 * The tags a list can be narrowed by (contract StationTag): every format, then every station
 * type, carried by at least one station, with its count. Empty for an empty list.
 */
export function stationTags(list: readonly Station[]): StationTag[] {
  const formats = new Map<string, number>();
  const types = new Map<string, number>();
  for (const s of list) {
    formats.set(s.format, (formats.get(s.format) ?? 0) + 1);
    types.set(s.type, (types.get(s.type) ?? 0) + 1);
  }
  return [
    ...Object.entries(STATION_FORMATS)
      .filter(([id]) => formats.has(id))
      .map(([id, label]) => ({ id: `format:${id}`, label, count: formats.get(id) ?? 0 })),
    ...STATION_TYPES.filter((id) => types.has(id)).map((id) => ({
      id: `type:${id}`,
      label: TYPE_LABEL[id],
      count: types.get(id) ?? 0,
    })),
  ];
}

const byIds = new WeakMap<readonly Station[], Map<string, Station>>();

/**
 * The station of a given id (`radio:WAAO-FM`, `tv:WPVI`), read through the source (for the
 * ratings, the registration check and the `global_stations?id=` answer).
 * @returns null when the list has no such station (or was never loaded).
 */
export async function stationById(source: StationSource, id: string): Promise<Station | null> {
  const list = await source.stations();
  let map = byIds.get(list);
  if (!map) {
    map = new Map(list.map((s) => [s.id, s]));
    byIds.set(list, map);
  }
  return map.get(id) ?? null;
}

/**
 * A StationSource over a store that keeps the list in the container's memory once read: the
 * whole list is about 17K rows (a few MB), searched in memory. A loaded list is kept for
 * `ttlS` seconds (then read again, so a reload reaches warm containers); a list found absent is
 * read again on the next call, so the first seed after a cold start is seen at once.
 * @param now clock in epoch milliseconds.
 */
export function cachedStations(store: StationStore, now: () => number, ttlS = 900): StationSource {
  let cached: { list: readonly Station[]; at: number } | undefined;
  let pending: Promise<readonly Station[]> | undefined;
  return {
    async stations() {
      if (cached && now() - cached.at < ttlS * 1000) return cached.list;
      pending ??= store
        .get()
        .then((list) => {
          if (list) cached = { list, at: now() };
          return list ?? [];
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}
