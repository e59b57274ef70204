/**
 * The IANA time zone of a U.S. market from its state and centroid: a rule, not a table of
 * markets. Used to derive `tz` for DMAs (dma.csv has no zone column), which post-log local
 * times are read in (spec §3 "postlog_timezone").
 *
 * States spanning two zones are split by the centroid's longitude (and latitude where the
 * border runs east-west), following the legal zone lines closely enough for a market centroid.
 */

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

const BY_STATE: Record<string, string> = {
  ...Object.fromEntries(
    'CT DC DE GA MA MD ME MI NC NH NJ NY OH PA RI SC VA VT WV'.split(' ').map((s) => [s, EASTERN]),
  ),
  ...Object.fromEntries('AL AR IA IL KS LA MN MO MS ND OK WI'.split(' ').map((s) => [s, CENTRAL])),
  ...Object.fromEntries('CO MT NM UT WY'.split(' ').map((s) => [s, MOUNTAIN])),
  ...Object.fromEntries('CA NV WA OR'.split(' ').map((s) => [s, PACIFIC])),
  AZ: 'America/Phoenix',
  HI: 'Pacific/Honolulu',
  AK: 'America/Anchorage',
};

/** Split states: the zone as a function of the centroid (degrees; west longitudes negative). */
const SPLIT: Record<string, (lon: number, lat: number) => string> = {
  // El Paso and the Trans-Pecos keep Mountain time.
  TX: (lon) => (lon < -104.5 ? MOUNTAIN : CENTRAL),
  // The panhandle west of the Apalachicola river is Central.
  FL: (lon) => (lon < -85.2 ? CENTRAL : EASTERN),
  // East Tennessee (Knoxville, Chattanooga, Tri-Cities) is Eastern.
  TN: (lon) => (lon > -85.5 ? EASTERN : CENTRAL),
  // Western Kentucky (Bowling Green, Paducah) is Central.
  KY: (lon) => (lon > -85.9 ? EASTERN : CENTRAL),
  // Only the south-west corner (Evansville) keeps Central time in Indiana.
  IN: (lon, lat) => (lon < -86.9 && lat < 38.6 ? CENTRAL : EASTERN),
  SD: (lon) => (lon < -101 ? MOUNTAIN : CENTRAL),
  NE: (lon) => (lon < -101.5 ? MOUNTAIN : CENTRAL),
  // The Idaho panhandle north of the Salmon river is Pacific.
  ID: (_lon, lat) => (lat > 45.5 ? PACIFIC : MOUNTAIN),
};

/**
 * The first two-letter state code after a comma in a DMA long name
 * ("Boston, MA (Manchester, NH)" -> "MA"); null when there is none.
 */
export function stateOfLongName(longName: string): string | null {
  const match = /,\s*([A-Z]{2})\b/.exec(longName);
  return match?.[1] ?? null;
}

/**
 * IANA zone of a market in `state` with its centroid at (lon, lat) degrees.
 * @returns null for an unknown state; for split states without a centroid, the state's
 *   majority zone (the value at the state's most populous side).
 */
export function zoneOfState(state: string, lon: number | null, lat: number | null): string | null {
  const split = SPLIT[state];
  if (split) {
    if (lon === null || lat === null) return split(-90, 35);
    return split(lon, lat);
  }
  return BY_STATE[state] ?? null;
}
