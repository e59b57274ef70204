import type { Station } from '#shared/contracts/stations.schema';
import { ValidationError } from '#shared/errors';
import { SHIPPED_DMA_ROWS } from '#shared/reference/shipped';

/** Where a rep's primary station is looked up (the reference context's station list). */
export interface StationLookup {
  /** The station of that id (`radio:WAAO-FM`), null when the list has none (or is not loaded). */
  stationById(id: string): Promise<Station | null>;
}

/** The 210 Nielsen DMA codes (shipped with the project, so known without the data folder). */
const KNOWN_MARKETS: ReadonlySet<string> = new Set(SHIPPED_DMA_ROWS.map((d) => d.dma_code));

/** Messages of the checks, shown under the form's fields. */
export const STATION_CHOICE_MESSAGES = {
  station: 'Choose your primary station from the list',
  market: (code: string) => `'${code}' is not a known market: choose markets from the list`,
} as const;

/**
 * Checks a registration's or profile update's market and station choices against the reference
 * lists (design "Stations": registration): every market must be a known DMA code, and a primary
 * station must be a station of the list (free text is not accepted; with no list loaded no
 * station can be chosen, so only an empty choice passes). Fields absent from the input are not
 * checked (a profile update touching neither).
 * @returns the chosen station's display details for the profile (`default_station_info`), null
 *   when the choice is empty, undefined when the input does not name a station.
 * @throws ValidationError naming `markets` or `default_station_id`.
 */
export async function checkStationChoice(
  lookup: StationLookup | undefined,
  input: { markets?: readonly string[]; default_station_id?: string },
): Promise<Record<string, string> | null | undefined> {
  for (const code of input.markets ?? []) {
    if (!KNOWN_MARKETS.has(code))
      throw new ValidationError(STATION_CHOICE_MESSAGES.market(code), 'markets');
  }
  const id = input.default_station_id?.trim();
  if (id === undefined) return undefined;
  if (id === '') return null;
  const station = lookup ? await lookup.stationById(id) : null;
  if (!station) throw new ValidationError(STATION_CHOICE_MESSAGES.station, 'default_station_id');
  return {
    id: station.id,
    call_sign: station.call_sign,
    type: station.type,
    dma_code: station.dma_code ?? '',
    format: station.format,
  };
}
