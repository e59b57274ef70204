import type { Station } from '#shared/contracts/stations.schema';
import type { Dma } from '#shared/reference/dmas';
import { dmaForPlace, usStateCode } from '#shared/reference/geo-dma';
import { type MarketNames, sortStations } from './stations';
import { buildStations, type Placement, type StationSources } from './stations-build';
import type { StationStore } from './stations-ports';

/** Market names ('New York, NY') and ranks by DMA code, from the DMA list. */
export function marketNamesOf(dmas: Iterable<Dma>): MarketNames {
  return new Map([...dmas].map((d) => [d.code, { name: d.longName || d.name, rank: d.rank }]));
}

/**
 * Placement by the shipped city → DMA table (#shared/reference/geo-dma) and the DMA list's long
 * names ('Philadelphia, PA' → PA).
 */
export function placementOf(dmas: Iterable<Dma>): Placement {
  const states = new Map(
    [...dmas].map((d) => [d.code, /,\s*([A-Z]{2})\b/.exec(d.longName)?.[1] ?? '']),
  );
  return {
    dmaOf: (city, state) => dmaForPlace(city, state, 'United States'),
    stateCode: usStateCode,
    stateOfDma: (code) => states.get(code) ?? '',
  };
}

/** Text rows keyed by column (a CSV as read) as the typed sources; missing cells are ''. */
export function sourcesOfRows(rows: {
  radio: Record<string, string>[];
  fcc: Record<string, string>[];
  postlog: Record<string, string>[];
}): StationSources {
  const cell = (row: Record<string, string>, key: string) => row[key] ?? '';
  return {
    radio: rows.radio.map((r) => ({
      call_sign: cell(r, 'call_sign'),
      frequency: cell(r, 'frequency'),
      city: cell(r, 'city'),
      state: cell(r, 'state'),
      format: cell(r, 'format'),
    })),
    fcc: rows.fcc.map((r) => ({ call_sign: cell(r, 'call_sign'), status: cell(r, 'status') })),
    postlog: rows.postlog.map((r) => ({
      station: cell(r, 'station'),
      station_type: cell(r, 'station_type'),
      dma_code: cell(r, 'dma_code'),
    })),
  };
}

/**
 * Builds the station list from its sources and stores it, unless a list is already stored
 * (`force` replaces it). The list is kept in dropdown order (sortStations). An empty build (no
 * data folder) stores nothing, so it never blanks a loaded list.
 * Steps: 1. skip when loaded and not forced; 2. build and sort; 3. put (chunks, then META).
 * @returns how many stations were written (0 when left as it was).
 */
export async function loadStations(
  store: StationStore,
  sources: StationSources,
  place: Placement,
  markets: MarketNames,
  force = false,
): Promise<number> {
  if (sources.radio.length === 0 && sources.postlog.length === 0) return 0;
  if (!force && (await store.loaded())) return 0;
  const stations: Station[] = sortStations(buildStations(sources, place), markets);
  if (stations.length === 0) return 0;
  await store.put(stations);
  return stations.length;
}
