import type { HeaderMapping, ImportIssue } from '#shared/contracts/postlog.schema';
import type { Airing } from '../../attribution/core/types';

/** A validated post-log airing: the engine's Airing plus its advertiser and idempotency key. */
export interface PostlogAiring extends Airing {
  /** Advertiser name (column, else the job's advertiser). */
  advertiser: string;
  /** airing-key.ts: hash of station, start second, market, creative. */
  airingKey: string;
}

/** The outcome of reading a whole post-log (rows are never thrown; they become issues). */
export interface ParsedPostlog {
  /** Data rows read (the header excluded). */
  rows: number;
  /** Valid airings, duplicates (same airing_key) collapsed to the first. */
  airings: PostlogAiring[];
  /** Row problems; row 0 = the header (e.g. a required field has no column). */
  errors: ImportIssue[];
  error_count: number;
  /** Blank creatives and zero lengths (spec §5: counted). */
  warnings: ImportIssue[];
  warning_count: number;
  /** Rows that repeated an earlier row's airing_key within the file. */
  duplicates: number;
  mapping: HeaderMapping;
  headers: string[];
}

/** Resolution of a visits file: minute (minute_utc) or hour (hour_utc). */
export type VisitsResolution = 'minute' | 'hour';

/**
 * Visits in columns (one index per row), to keep millions of rows cheap: bucketUtc = start of
 * the minute or hour, epoch seconds UTC; dmaCodes[dmaIndex[i]] = the row's DMA code, '' for
 * unknown geography; counts are visits per bucket.
 */
export interface VisitsColumns {
  resolution: VisitsResolution;
  length: number;
  bucketUtc: Float64Array;
  dmaIndex: Uint16Array;
  dmaCodes: string[];
  sessions: Float64Array;
  newUsers: Float64Array;
  pageviews: Float64Array;
  /**
   * Engaged sessions per bucket (GA4 engagedSessions); NaN = not measured in that row (null in
   * Parquet). Absent when no row measures it (a CSV without the column, an older object).
   */
  engagedSessions?: Float64Array;
  /**
   * Seconds of user engagement per bucket (GA4 userEngagementDuration); NaN = not measured in
   * that row. Absent when no row measures it.
   */
  engagementS?: Float64Array;
}

/** One visits row as an object (small batches, tests). */
export interface VisitsRow {
  bucketUtc: number;
  dmaCode: string;
  sessions: number;
  newUsers: number;
  pageviews: number;
  /** Engaged sessions; null (or absent) when not measured. */
  engagedSessions?: number | null;
  /** Engagement seconds; null (or absent) when not measured. */
  engagementS?: number | null;
}

/**
 * Foot traffic in columns (store visits per location from a mobile-device panel):
 * bucketUtc = start of the minute or hour, epoch seconds UTC; locationIds[locationIndex[i]] =
 * the client's store id; dmaCodes[dmaIndex[i]] = the store's DMA code, '' for unknown; visits =
 * store visits in the bucket. Ids and codes are interned, so a year of hourly rows for 200
 * stores (1.7M rows) costs ~40 MB.
 */
export interface FootTrafficColumns {
  resolution: VisitsResolution;
  length: number;
  bucketUtc: Float64Array;
  locationIndex: Uint32Array;
  locationIds: string[];
  dmaIndex: Uint32Array;
  dmaCodes: string[];
  visits: Float64Array;
}

/** One foot-traffic row as an object (small batches, tests). */
export interface FootTrafficRow {
  bucketUtc: number;
  locationId: string;
  dmaCode: string;
  visits: number;
}
