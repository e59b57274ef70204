import table from './data/us-city-dma.json' with { type: 'json' };

/**
 * Geography -> Nielsen DMA. GA4 reports a visit's city, region and country but has no DMA
 * dimension, so the GA4 pull places each row with {@link dmaForPlace}; '' is unknown geography,
 * which only the national series counts.
 *
 * The table (data/us-city-dma.json, made by `npx tsx bin/build-geo-dma.ts`; source, licence,
 * method and measured accuracy in data/README.md) lists every U.S. postal place name by state
 * under one DMA code. It is kept as one string per state and indexed on first use, so importing
 * this module costs a few hundred kilobytes of string literals and nothing more; only code that
 * places geography imports it (the GA4 pull, the local Google stand-in), never the web bundle.
 */

/** The shape of data/us-city-dma.json (see bin/build-geo-dma.ts). */
export interface CityDmaTable {
  /** Per two-letter state: `"<dma>:<city>|<city>;<dma>:<city>..."`, cities as {@link normalizePlace}. */
  states: Record<string, string>;
  /** Per two-letter state whose every place lies in one DMA (DC, HI, RI): that DMA. */
  whole_state: Record<string, string>;
  /** Per DMA code: a principal city `[city, two-letter state]` that maps back to the DMA. */
  principal: Record<string, string[]>;
}

/** The shipped table, typed. */
const TABLE: CityDmaTable = table;

/** Two-letter code -> full name, as GA4 writes the `region` of a U.S. visit. */
export const US_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Spellings of the U.S. a country column may carry (GA4 writes 'United States'). */
const US_NAMES = new Set([
  'united states',
  'united states of america',
  'us',
  'usa',
  'u s',
  'u s a',
]);

/** Abbreviations postal lists and GA4 spell differently ('St. Louis' / 'Saint Louis'). */
const TOKEN_SPELLINGS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  pt: 'point',
};

/**
 * A place or region name as the table keys it: accents dropped, lower case, '.' and apostrophes
 * removed, '-' and runs of spaces as one space, '&' as 'and', and St/Ste/Ft/Mt/Pt spelled out.
 * 'Winston-Salem' and ' winston salem ' give the same key; so do 'St. Louis' and 'Saint Louis'.
 */
export function normalizePlace(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.'\u2019`]/g, '')
    .replace(/[-_,/()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => TOKEN_SPELLINGS[token] ?? token)
    .join(' ');
}

const STATE_BY_KEY: ReadonlyMap<string, string> = new Map(
  Object.entries(US_STATE_NAMES).flatMap(([code, name]) => [
    [normalizePlace(name), code],
    [code.toLowerCase(), code],
  ]),
);

interface Index {
  byState: Map<string, Map<string, string>>;
}

let index: Index | undefined;

/** Builds the per-state city maps on first use (about 30,000 names). */
function theIndex(): Index {
  if (index) return index;
  const byState = new Map<string, Map<string, string>>();
  for (const [state, packed] of Object.entries(TABLE.states)) {
    const cities = new Map<string, string>();
    for (const group of packed.split(';')) {
      const colon = group.indexOf(':');
      const dma = group.slice(0, colon);
      for (const city of group.slice(colon + 1).split('|')) if (city) cities.set(city, dma);
    }
    byState.set(state, cities);
  }
  index = { byState };
  return index;
}

/**
 * The two-letter code of a U.S. state or DC from its full name (GA4's `region`, any case and
 * spacing) or its code; null for anything else ('(not set)', a foreign region).
 */
export function usStateCode(region: string): string | null {
  return STATE_BY_KEY.get(normalizePlace(region)) ?? null;
}

/**
 * The Nielsen DMA code ('602') of a visit's geography as GA4 reports it: `city` ('Chicago'),
 * `region` (the U.S. state's full name, 'Illinois', or its two-letter code) and `country`
 * ('United States'). Case, accents, punctuation and extra spaces do not matter.
 * @returns '' (unknown geography) for a non-U.S. country, `(not set)` or empty parts, a region
 *   that is no state, or a city the table does not know in a state that spans several DMAs.
 *   Never throws.
 */
export function dmaForPlace(city: string, region: string, country: string): string {
  if (!US_NAMES.has(normalizePlace(country ?? ''))) return '';
  const state = usStateCode(region ?? '');
  if (!state) return '';
  const key = normalizePlace(city ?? '');
  const found = key ? theIndex().byState.get(state)?.get(key) : undefined;
  return found ?? TABLE.whole_state[state] ?? '';
}

/**
 * A principal city of DMA `dmaCode` as GA4 would report it (full state name, country
 * 'United States'), chosen so that {@link dmaForPlace} of it gives `dmaCode` back. Used to turn
 * simulated DMA visits into GA4-like geography.
 * @throws Error naming the code when it is not one of the 210 DMAs.
 */
export function placeForDma(dmaCode: string): {
  city: string;
  region: string;
  country: 'United States';
} {
  const [city, state] = TABLE.principal[dmaCode.trim()] ?? [];
  const region = state ? US_STATE_NAMES[state] : undefined;
  if (!city || !region) throw new Error(`dmaCode: '${dmaCode}' is not a Nielsen DMA code`);
  return { city, region, country: 'United States' };
}
