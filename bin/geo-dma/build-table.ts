import type { DmaRow } from '../../layers/shared/reference/dmas';
import {
  type CityDmaTable,
  normalizePlace,
  US_STATE_NAMES,
} from '../../layers/shared/reference/geo-dma';

/**
 * The method behind layers/shared/reference/data/us-city-dma.json, shared by the generator
 * (bin/build-geo-dma.ts) and the accuracy check (bin/check-geo-dma.ts), which re-runs it with
 * places held out. Every U.S. postal place (city, state) gets one DMA:
 *   1. a principal city a DMA's name names ('Abilene-Sweetwater, TX' names Abilene and
 *      Sweetwater in Texas) belongs to that DMA;
 *   2. any other place goes to the DMA with the nearest anchor, where a DMA's anchors are its
 *      principal cities and its centroid, and the distance to a DMA whose name does not list the
 *      place's state counts {@link AssignOptions.outOfStatePenalty} times (markets cross state
 *      lines, but mostly keep to the states they are named after);
 *   3. Hawaii is Honolulu; Alaska is split among Anchorage, Fairbanks and Juneau by the nearest
 *      of the three cities (the source gives these four DMAs no centroid or long name).
 */

/** A DMA's principal city as its name gives it: display name and two-letter state. */
export interface Principal {
  dma: string;
  city: string;
  state: string;
}

/** One U.S. place of the postal list: its ZIP codes' mean position (WGS84 degrees). */
export interface Place {
  /** normalizePlace(name). */
  key: string;
  /** The spelling the postal list uses most, e.g. 'Saint Louis'. */
  name: string;
  state: string;
  lat: number;
  lon: number;
}

/** One ZIP code of the `zipcodes` package (lib/codes.js). */
export interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** Tunables of step 2, chosen with bin/check-geo-dma.ts (data/README.md gives the numbers). */
export interface AssignOptions {
  /** Distance multiplier for a DMA whose name does not list the place's state. */
  outOfStatePenalty: number;
}

export const DEFAULT_OPTIONS: AssignOptions = { outOfStatePenalty: 1.6 };

/**
 * Principal cities the long names leave out but the short names (TVB's) name, and the four
 * DMAs outside the contiguous U.S., which have no long name. "Tri-Cities, TN-VA" names no city:
 * its three cities are Johnson City, Kingsport and Bristol (on both sides of the state line).
 */
const EXTRA_PRINCIPALS: readonly Principal[] = [
  { dma: '743', city: 'Anchorage', state: 'AK' },
  { dma: '744', city: 'Honolulu', state: 'HI' },
  { dma: '745', city: 'Fairbanks', state: 'AK' },
  { dma: '747', city: 'Juneau', state: 'AK' },
  { dma: '531', city: 'Johnson City', state: 'TN' },
  { dma: '531', city: 'Kingsport', state: 'TN' },
  { dma: '531', city: 'Bristol', state: 'TN' },
  { dma: '531', city: 'Bristol', state: 'VA' },
  { dma: '753', city: 'Prescott', state: 'AZ' },
  { dma: '522', city: 'Opelika', state: 'AL' },
  { dma: '520', city: 'Aiken', state: 'SC' },
  { dma: '577', city: 'Hazleton', state: 'PA' },
  { dma: '758', city: 'Jackson', state: 'WY' },
  { dma: '574', city: 'State College', state: 'PA' },
  { dma: '673', city: 'Houston', state: 'MS' },
  { dma: '765', city: 'Las Cruces', state: 'NM' },
  { dma: '565', city: 'Corning', state: 'NY' },
];

/** Long names that are no list of cities: handled by EXTRA_PRINCIPALS alone. */
const NOT_CITY_LISTS = new Set(['Tri-Cities, TN-VA']);

/**
 * The principal cities of each DMA, in name order (the first is the DMA's main city):
 * parsed from the long name ('Greenville-Spartanburg, SC-Asheville, NC-Anderson,SC': a state
 * tag applies to the cities since the previous tag), then EXTRA_PRINCIPALS.
 */
export function principalCities(rows: readonly DmaRow[]): Principal[] {
  const out: Principal[] = [];
  for (const row of rows) {
    const long = row.dma_name_long.replace(/\s+Plus$/, '');
    if (!long || NOT_CITY_LISTS.has(long)) continue;
    let pending: string[] = [];
    let last = '';
    for (const part of long.split(/\s*[-()&]\s*/)) {
      const tag = /^(.*?),\s*([A-Z]{2})$/.exec(part.trim());
      const city = (tag?.[1] ?? part).trim();
      if (city) pending.push(city);
      if (tag?.[2]) {
        last = tag[2];
        for (const c of pending) out.push({ dma: row.dma_code, city: c, state: last });
        pending = [];
      }
    }
    for (const c of pending) out.push({ dma: row.dma_code, city: c, state: last });
  }
  return [...out, ...EXTRA_PRINCIPALS];
}

/**
 * The postal list's places in the 50 states and DC (territories and military codes dropped),
 * one per normalised name and state, at the mean position of its ZIP codes.
 */
export function usPlaces(zips: Iterable<ZipRow>): Place[] {
  const acc = new Map<
    string,
    { state: string; key: string; lat: number; lon: number; n: number; names: Map<string, number> }
  >();
  for (const z of zips) {
    if (!US_STATE_NAMES[z.state] || !Number.isFinite(z.latitude) || !Number.isFinite(z.longitude))
      continue;
    const key = normalizePlace(z.city);
    if (!key) continue;
    const id = `${z.state}|${key}`;
    let a = acc.get(id);
    if (!a) {
      a = { state: z.state, key, lat: 0, lon: 0, n: 0, names: new Map() };
      acc.set(id, a);
    }
    a.lat += z.latitude;
    a.lon += z.longitude;
    a.n += 1;
    a.names.set(z.city, (a.names.get(z.city) ?? 0) + 1);
  }
  return [...acc.values()].map((a) => ({
    key: a.key,
    name: [...a.names].sort((x, y) => y[1] - x[1])[0]?.[0] ?? a.key,
    state: a.state,
    lat: a.lat / a.n,
    lon: a.lon / a.n,
  }));
}

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

const placeId = (state: string, key: string) => `${state}|${key}`;

/** An assigner: place -> DMA, built from the DMA list, principal cities and places. */
export interface Assigner {
  /** The DMA a principal city names, else the nearest anchor's (step 2); '' when none. */
  assign(place: Place): string;
  /** Step 2 alone, for the held-out check. */
  nearest(place: Place): string;
}

/**
 * Builds the assigner. `holdOut` (state|key ids) are treated as ordinary places: neither
 * principal cities nor anchors, so the check can ask where step 2 alone would put them.
 */
export function makeAssigner(
  rows: readonly DmaRow[],
  principals: readonly Principal[],
  places: readonly Place[],
  options: AssignOptions = DEFAULT_OPTIONS,
  holdOut: ReadonlySet<string> = new Set(),
): Assigner {
  const placeById = new Map(places.map((p) => [placeId(p.state, p.key), p]));
  const explicit = new Map<string, string>();
  const anchors: { dma: string; lat: number; lon: number }[] = [];
  const statesOf = new Map<string, Set<string>>();
  for (const p of principals) {
    const s = statesOf.get(p.dma) ?? new Set<string>();
    s.add(p.state);
    statesOf.set(p.dma, s);
    const id = placeId(p.state, normalizePlace(p.city));
    if (holdOut.has(id)) continue;
    if (!explicit.has(id)) explicit.set(id, p.dma);
    const place = placeById.get(id);
    if (place) anchors.push({ dma: p.dma, lat: place.lat, lon: place.lon });
  }
  for (const row of rows)
    if (row.centroid_lat !== null && row.centroid_lon !== null)
      anchors.push({ dma: row.dma_code, lat: row.centroid_lat, lon: row.centroid_lon });

  const nearest = (place: Place): string => {
    if (place.state === 'HI') return '744';
    let best = '';
    let bestScore = Number.POSITIVE_INFINITY;
    for (const a of anchors) {
      const alaska = a.dma === '743' || a.dma === '745' || a.dma === '747';
      if (alaska !== (place.state === 'AK') || a.dma === '744') continue;
      const inState = statesOf.get(a.dma)?.has(place.state) ?? false;
      const score =
        distanceKm(place.lat, place.lon, a.lat, a.lon) * (inState ? 1 : options.outOfStatePenalty);
      if (score < bestScore) {
        bestScore = score;
        best = a.dma;
      }
    }
    return best;
  };
  return {
    nearest,
    assign: (place) => explicit.get(placeId(place.state, place.key)) ?? nearest(place),
  };
}

/**
 * The shipped table: every place's DMA packed per state, the states wholly inside one DMA,
 * and each DMA's first principal city that the postal list knows (its display spelling from
 * the DMA name, e.g. 'St. Louis', where the postal list says 'Saint Louis').
 * @throws Error naming the DMA when none of its principal cities is a known place.
 */
export function buildTable(
  rows: readonly DmaRow[],
  zips: Iterable<ZipRow>,
  options: AssignOptions = DEFAULT_OPTIONS,
): CityDmaTable {
  const places = usPlaces(zips);
  const principals = principalCities(rows);
  const assigner = makeAssigner(rows, principals, places, options);
  const known = new Set(places.map((p) => placeId(p.state, p.key)));

  const byState = new Map<string, Map<string, string[]>>();
  for (const place of places) {
    const dma = assigner.assign(place);
    if (!dma) continue;
    const groups = byState.get(place.state) ?? new Map<string, string[]>();
    groups.set(dma, [...(groups.get(dma) ?? []), place.key]);
    byState.set(place.state, groups);
  }
  const states: Record<string, string> = {};
  const whole_state: Record<string, string> = {};
  for (const state of [...byState.keys()].sort()) {
    const groups = byState.get(state) ?? new Map<string, string[]>();
    const codes = [...groups.keys()].sort();
    states[state] = codes.map((c) => `${c}:${(groups.get(c) ?? []).sort().join('|')}`).join(';');
    if (codes.length === 1 && codes[0]) whole_state[state] = codes[0];
  }
  const principal: Record<string, string[]> = {};
  for (const row of rows) {
    const first = principals.find(
      (p) => p.dma === row.dma_code && known.has(placeId(p.state, normalizePlace(p.city))),
    );
    if (!first) throw new Error(`DMA ${row.dma_code}: no principal city found in the place list`);
    // GA4 spells 'Fort Wayne' out; the DMA names abbreviate it.
    principal[row.dma_code] = [first.city.replace(/^Ft\. /, 'Fort '), first.state];
  }
  return { states, whole_state, principal };
}
