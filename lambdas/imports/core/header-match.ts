import {
  type HeaderMapping,
  PLSPOT_FIELDS,
  type PlspotField,
} from '#shared/contracts/postlog.schema';

/**
 * Automatic header match: any post-log header layout onto the spec's plspots fields
 * (spec §3 "Post-log import job"). Headers are compared after normalising case,
 * spaces, dashes, dots and underscores. Synonyms are listed in priority order: for `date` an
 * exact UTC column wins over a local one (start_utc over start_local); for `market` a DMA code
 * wins over a name.
 */
export const SYNONYMS: Record<PlspotField, readonly string[]> = {
  airing_id: ['airing_id', 'spot_id', 'id', 'airingid', 'spotid', 'row_id', 'line_id'],
  station: [
    'station',
    'call_sign',
    'callsign',
    'call_letters',
    'station_call_letters',
    'station_name',
    'outlet',
    'call',
  ],
  station_type: [
    'station_type',
    'media_type',
    'broadcast_type',
    'media',
    'medium',
    'type',
    'channel_type',
  ],
  market: [
    'dma_code',
    'market_code',
    'metro_code',
    'market',
    'dma',
    'dma_name',
    'market_name',
    'metro',
    'region',
  ],
  advertiser: ['advertiser', 'advertiser_name', 'client', 'client_name', 'brand', 'account'],
  date: [
    'start_utc',
    'datetime_utc',
    'aired_at_utc',
    'air_datetime_utc',
    'timestamp_utc',
    'utc',
    'date',
    'air_date',
    'airdate',
    'date_aired',
    'spot_date',
    'broadcast_date',
    'aired_at',
    'datetime',
    'air_datetime',
    'start_local',
    'timestamp',
    'start',
    'start_date',
  ],
  time: [
    'time',
    'air_time',
    'airtime',
    'start_time',
    'time_aired',
    'spot_time',
    'aired_time',
    'local_time',
  ],
  creative: [
    'creative',
    'creative_id',
    'isci',
    'isci_code',
    'ad_id',
    'spot_name',
    'creative_name',
    'ad_name',
    'commercial',
    'title',
  ],
  length: [
    'length',
    'len',
    'duration',
    'duration_s',
    'spot_length',
    ':sec',
    'length_s',
    'seconds',
    'secs',
    'spot_len',
    'duration_seconds',
  ],
  cost: [
    'cost',
    'rate',
    'spend',
    'gross',
    'net',
    'gross_cost',
    'net_cost',
    'cost_usd',
    'price',
    'amount',
  ],
  network: ['network', 'affiliate', 'affiliation', 'cable_network', 'net_work'],
  program: ['program', 'program_name', 'programme', 'show', 'show_name'],
  cable_zone: ['cable_zone', 'zone', 'interconnect', 'syscode', 'sys_code'],
  impressions: ['impressions', 'imps', 'impr', 'downloads', 'audience'],
  timezone: ['tz', 'timezone', 'time_zone', 'market_tz', 'zone_id'],
};

/** Fields a post-log cannot be read without (market only when some row is not national). */
export const REQUIRED_FIELDS: readonly PlspotField[] = ['station', 'date', 'market'];

/** Normalised form of a header cell: lower case, runs of space/_/-/. collapsed to one `_`. */
export function normaliseHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The result of matching a header row. */
export interface HeaderMatch {
  /** Every plspots field -> the file's column name, or null when absent. */
  mapping: HeaderMapping;
  /** Required fields with no column (market may still be fine when every row is national). */
  missing: PlspotField[];
}

/**
 * Maps a header row onto plspots fields. Each column is used at most once; user overrides win
 * (a string names a column, null removes the field).
 * @throws nothing: an override naming a column that is not in the file is reported as missing
 *   through `missing` when the field is required, and otherwise ignored (mapped to null).
 */
export function matchHeaders(
  headers: readonly string[],
  overrides: Partial<HeaderMapping> = {},
): HeaderMatch {
  const byNorm = new Map<string, string>();
  for (const h of headers) if (!byNorm.has(normaliseHeader(h))) byNorm.set(normaliseHeader(h), h);
  const used = new Set<string>();
  const mapping = Object.fromEntries(PLSPOT_FIELDS.map((f) => [f, null])) as HeaderMapping;

  for (const field of PLSPOT_FIELDS) {
    if (!(field in overrides)) continue;
    const wanted = overrides[field];
    const column = wanted == null ? null : (byNorm.get(normaliseHeader(wanted)) ?? null);
    mapping[field] = column;
    if (column) used.add(column);
  }
  for (const field of PLSPOT_FIELDS) {
    if (field in overrides) continue;
    for (const synonym of SYNONYMS[field]) {
      const column = byNorm.get(synonym);
      if (column && !used.has(column)) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return { mapping, missing: REQUIRED_FIELDS.filter((f) => mapping[f] === null) };
}
