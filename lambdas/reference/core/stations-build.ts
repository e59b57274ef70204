import type { Station, StationTypeId } from '#shared/contracts/stations.schema';
import { callBase, cleanCallSign, isUsCallSign } from '#shared/reference/call-sign';
import { normaliseFormat } from './station-formats';

/** One row of `us-radio-stations/radio_stations.csv` (the columns read). */
export interface RadioListRow {
  call_sign: string;
  /** '104.5 FM', '570 AM', '' when unknown. */
  frequency: string;
  city: string;
  /** Full state name as the list writes it ('New_Hampshire'). */
  state: string;
  format: string;
}

/** One row of `us-radio-stations/fcc_station_info.csv` (the columns read). */
export interface FccStatusRow {
  call_sign: string;
  /** 'LICENSED', 'LICENSED AND SILENT', 'LICENSE CANCELLED'. */
  status: string;
}

/** One row of `political-tv-ad-airings-2016/stations.csv` (the columns read). */
export interface PostlogStationRow {
  station: string;
  /** 'broadcast_tv' or 'national_cable'. */
  station_type: string;
  dma_code: string;
}

/** How the build places a city in a market and names a market's state. */
export interface Placement {
  /** DMA code of a city in a state (two-letter code or full name); '' when unknown. */
  dmaOf(city: string, state: string): string;
  /** Two-letter code of a state's full name or code; null when it is none. */
  stateCode(state: string): string | null;
  /** Two-letter state of a DMA ('' when unknown): where a TV station of that market is. */
  stateOfDma(dmaCode: string): string;
}

/** The raw lists a station list is built from; an absent file is an empty array. */
export interface StationSources {
  radio: readonly RadioListRow[];
  fcc: readonly FccStatusRow[];
  postlog: readonly PostlogStationRow[];
}

const bandOf = (frequency: string, call: string): 'AM' | 'FM' | null => {
  const band = /\b(AM|FM)\b/i.exec(frequency)?.[1] ?? /-(AM|FM)$/.exec(call)?.[1];
  return band ? (band.toUpperCase() as 'AM' | 'FM') : null;
};

const frequencyOf = (raw: string, band: 'AM' | 'FM' | null): string | null => {
  const number = /\d+(?:\.\d+)?/.exec(raw)?.[0];
  return number && band ? `${number} ${band}` : null;
};

/** A radio list row as a station; null for a row without a U.S. call sign. */
function radioStation(row: RadioListRow, place: Placement): Station | null {
  const call = cleanCallSign(row.call_sign);
  if (!isUsCallSign(call)) return null;
  const band = bandOf(row.frequency, call);
  const state = place.stateCode(row.state.replaceAll('_', ' ')) ?? '';
  const city = row.city.trim();
  const format = row.format.trim();
  return {
    id: `radio:${call}`,
    call_sign: call,
    call_base: callBase(call),
    type: 'radio',
    band,
    frequency: frequencyOf(row.frequency, band),
    city,
    state,
    dma_code: (state && city && place.dmaOf(city, state)) || null,
    format: normaliseFormat(format, 'radio'),
    format_raw: format || null,
    source: 'radio_list',
  };
}

/** A post-log station row as a TV station of its market or a national cable network. */
function postlogStation(row: PostlogStationRow, place: Placement): Station | null {
  const call = cleanCallSign(row.station);
  if (!call) return null;
  const cable = row.station_type.trim() === 'national_cable';
  const type: StationTypeId = cable ? 'cable' : 'tv';
  const dma = cable ? null : row.dma_code.trim() || null;
  return {
    id: `${type}:${call}`,
    call_sign: call,
    call_base: callBase(call),
    type,
    band: null,
    frequency: null,
    city: '',
    state: dma ? place.stateOfDma(dma) : '',
    dma_code: dma,
    format: normaliseFormat(cable ? call : null, type),
    format_raw: null,
    source: cable ? 'network' : 'postlog',
  };
}

/**
 * The station list from the public sources (design "Stations": the radio list, minus the
 * licences the FCC lists as cancelled, placed in a DMA by city and state; the post-log's TV
 * stations in their DMA and its national cable networks with no DMA). Ids are unique: a second
 * row of the same id is dropped (the first wins). Rows without a U.S. call sign are skipped.
 * @returns stations in source order (radio first); empty when every source is empty.
 */
export function buildStations(sources: StationSources, place: Placement): Station[] {
  const cancelled = new Set(
    sources.fcc
      .filter((row) => row.status.trim().toUpperCase() === 'LICENSE CANCELLED')
      .map((row) => cleanCallSign(row.call_sign)),
  );
  const byId = new Map<string, Station>();
  const add = (station: Station | null) => {
    if (station && !byId.has(station.id)) byId.set(station.id, station);
  };
  for (const row of sources.radio) {
    if (!cancelled.has(cleanCallSign(row.call_sign))) add(radioStation(row, place));
  }
  for (const row of sources.postlog) add(postlogStation(row, place));
  return [...byId.values()];
}
