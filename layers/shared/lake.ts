/**
 * The data lake's layout: Parquet objects in the lake bucket, Hive-partitioned by client and
 * date (issue #2 §3). Athena reads them through Glue tables with partition projection
 * (lib/stacks/data.stack.ts); DuckDB reads the same files locally with hive_partitioning.
 * One object per partition: an import rewrites the partitions it touches (upsert by key), so
 * importing the same file twice adds nothing twice.
 */

/** Airings of one client on one UTC date (YYYY-MM-DD). */
export function airingsObjectKey(clientUid: string, dateUtc: string): string {
  return `airings/client_uid=${clientUid}/date=${dateUtc}/airings.parquet`;
}

/** Prefix of all airings of one client. */
export const airingsPrefix = (clientUid: string) => `airings/client_uid=${clientUid}/`;

/** Visits of one client, resolution and UTC date. */
export function visitsObjectKey(
  clientUid: string,
  resolution: 'minute' | 'hour',
  dateUtc: string,
): string {
  return `visits/client_uid=${clientUid}/resolution=${resolution}/date=${dateUtc}/visits.parquet`;
}

/** Prefix of all visits of one client at one resolution. */
export const visitsPrefix = (clientUid: string, resolution: 'minute' | 'hour') =>
  `visits/client_uid=${clientUid}/resolution=${resolution}/`;

/** Foot traffic (store visits per location) of one client, resolution and UTC date. */
export function footTrafficObjectKey(
  clientUid: string,
  resolution: 'minute' | 'hour',
  dateUtc: string,
): string {
  return `foot-traffic/client_uid=${clientUid}/resolution=${resolution}/date=${dateUtc}/foot-traffic.parquet`;
}

/** Prefix of all foot traffic of one client at one resolution. */
export const footTrafficPrefix = (clientUid: string, resolution: 'minute' | 'hour') =>
  `foot-traffic/client_uid=${clientUid}/resolution=${resolution}/`;

/**
 * Columns of an airings object (partition columns client_uid and date are in the path).
 * start_utc: epoch seconds UTC. cost_cents: integer cents or null. airing_key: the idempotency
 * key (station, start second, market, creative), unique per client.
 */
export const AIRINGS_COLUMNS = [
  'airing_key',
  'airing_id',
  'advertiser',
  'start_utc',
  'market',
  'tz',
  'station',
  'station_type',
  'network',
  'program',
  'cable_zone',
  'creative',
  'length_s',
  'cost_cents',
  'impressions',
] as const;

/**
 * Columns of a visits object. bucket_utc: start of the minute or hour, epoch seconds UTC.
 * dma_code: '' for unknown geography (counted in the national series only).
 */
export const VISITS_COLUMNS = [
  'bucket_utc',
  'dma_code',
  'sessions',
  'new_users',
  'pageviews',
] as const;

/**
 * Columns of a foot-traffic object. bucket_utc: start of the minute or hour, epoch seconds UTC.
 * location_id: the client's id for the store; dma_code: its DMA ('' unknown); visits: store visits
 * in the bucket. Unique per (bucket_utc, location_id).
 */
export const FOOT_TRAFFIC_COLUMNS = ['bucket_utc', 'location_id', 'dma_code', 'visits'] as const;
