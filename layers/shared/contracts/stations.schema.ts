import { z } from 'zod';

/**
 * Stations as reference data (spec §3 "Dropdown data: ... stations, global stations, tags.
 * Station option: id, label, group_header, type"; spec §7 "Dropdowns, all GET"). Built from real
 * public lists at seed time: the FCC/Wikipedia U.S. radio list (call sign, frequency, city, state,
 * format) placed in its DMA by city, and the TV stations and national cable networks seen in
 * post-logs. Formats are normalised onto {@link STATION_FORMATS}, the station formats a buyer
 * recognises. One module for the Lambdas and the web.
 */

/** Station types (spec §3; the engine's StationType). */
export const STATION_TYPES = ['tv', 'radio', 'cable', 'streaming', 'podcast'] as const;
export type StationTypeId = (typeof STATION_TYPES)[number];

/**
 * The normalised station formats, id → label, in the order a ratings page lists them. Radio
 * formats follow the trade's names (news/talk, country, CHR, AC, urban, ...); TV stations are
 * `broadcast_tv` (the source lists carry no affiliation), Spanish-language TV `spanish`,
 * national cable news channels `cable_news`, other cable `cable`.
 */
export const STATION_FORMATS = {
  news_talk: 'News/Talk',
  sports: 'Sports',
  country: 'Country',
  chr: 'CHR / Top 40',
  ac: 'Adult Contemporary',
  rock: 'Rock',
  classic_hits: 'Classic Hits / Oldies',
  urban: 'Urban / Hip-Hop',
  spanish: 'Spanish',
  religious: 'Religious',
  public_radio: 'Public / Classical / Jazz',
  variety: 'Variety / Community',
  broadcast_tv: 'Broadcast TV',
  cable_news: 'Cable News',
  cable: 'Cable',
  streaming: 'Streaming / CTV',
  podcast: 'Podcast',
  other: 'Other',
} as const;
export type StationFormat = keyof typeof STATION_FORMATS;
export const STATION_FORMAT_IDS = Object.keys(STATION_FORMATS) as [
  StationFormat,
  ...StationFormat[],
];
export const stationFormatSchema = z.enum(STATION_FORMAT_IDS);

/**
 * One station of the reference list. `id` is stable across seeds: `<type>:<CALL SIGN as listed,
 * upper-case>` (e.g. `radio:WAAO-FM`, `tv:WPVI`, `cable:CNNW`). `call_base` is the call sign
 * without its service suffix (-TV, -DT, -FM, -AM, -LP, -CD, -CA, -HD<n>): what post-logs are
 * matched on.
 */
export const stationSchema = z.object({
  id: z.string(),
  call_sign: z.string(),
  call_base: z.string(),
  type: z.enum(STATION_TYPES),
  /** 'AM' | 'FM' for radio, null otherwise. */
  band: z.enum(['AM', 'FM']).nullable(),
  /** e.g. '89.7 FM', '570 AM'; null for TV and networks. */
  frequency: z.string().nullable(),
  city: z.string(),
  /** Two-letter state, '' for national networks. */
  state: z.string(),
  /** Nielsen DMA code ('501'), or null when the city could not be placed / national networks. */
  dma_code: z.string().nullable(),
  format: stationFormatSchema,
  /** The source's format text ('Contemporary Christian (K-Love)'); null when none. */
  format_raw: z.string().nullable(),
  /** Where it came from: the radio list, a post-log's stations, or the national networks. */
  source: z.enum(['radio_list', 'postlog', 'network']),
});
export type Station = z.infer<typeof stationSchema>;

/**
 * A dropdown option (spec §3 "Station option: id, label, group_header, type"): label e.g.
 * 'WAAX 570 AM · Gadsden, AL · News/Talk'; group_header the market's DMA name ('National' for
 * networks, 'Unplaced' without a DMA); type the station type.
 */
export const stationOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  group_header: z.string(),
  type: z.enum(STATION_TYPES),
});
export type StationOption = z.infer<typeof stationOptionSchema>;

/** Dropdown page size (spec §9 "dropdown page 10"). */
export const STATION_PAGE_SIZE = 10;

/**
 * GET stations / global_stations query: `q` searches call sign (with or without suffix), city
 * and format label (case-insensitive, prefix or word match); `market` a DMA code; `type` a
 * station type; `page` 1-based. `stations` is the caller's context (their markets first: a rep's
 * markets, else all); `global_stations` every station.
 */
export const stationQuerySchema = z.object({
  q: z.string().trim().max(64, 'q: at most 64 characters').optional(),
  market: z
    .string()
    .regex(/^\d{3}$/, 'market: a 3-digit DMA code')
    .optional(),
  type: z.enum(STATION_TYPES).optional(),
  format: stationFormatSchema.optional(),
  page: z.coerce.number().int().min(1, 'page: at least 1').max(2000).default(1),
  /**
   * stations only: DMA codes listed first, comma-separated ('504,501'; at most 20): the markets a
   * rep has ticked on the form or saved on the profile (public routes see no caller in API
   * Gateway, so the page says which markets are the caller's).
   */
  prefer: z
    .string()
    .regex(/^\d{3}(?:,\d{3}){0,19}$/, 'prefer: up to 20 comma-separated 3-digit DMA codes')
    .optional(),
  /**
   * global_stations only: one station by id (`radio:WAAO-FM`); the page then holds that one
   * option, or none when unknown. The other filters are ignored.
   */
  id: z.string().trim().min(1).max(80, 'id: at most 80 characters').optional(),
});
export type StationQuery = z.infer<typeof stationQuerySchema>;

/** GET stations / global_stations answer: one page of options, and how many match in all. */
export interface StationPage {
  stations: StationOption[];
  page: number;
  total: number;
  page_size: number;
}

/**
 * GET tags: the tags a station list can be narrowed by: every normalised format and station
 * type with the number of stations carrying it (`{ tags: [{ id: 'format:country', label:
 * 'Country', count }] }`; ids `format:<id>` or `type:<id>`).
 */
export interface StationTag {
  id: string;
  label: string;
  count: number;
}
