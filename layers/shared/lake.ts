/**
 * The data lake's layout: Parquet objects in the lake bucket, Hive-partitioned by client and
 * date. Athena reads them through Glue tables with partition projection
 * (lib/constructs/lake-catalog.construct.ts); DuckDB reads the same files locally with
 * hive_partitioning.
 *
 * Generations make an import all-or-nothing. A client's dataset (its airings, or its visits or
 * foot traffic at one resolution) is a set of partition objects of ONE generation, each named
 * `<generation>.parquet` in its date folder. An import writes a whole new generation (the
 * partitions it changes, merged; the others copied) under a fresh name, then switches the
 * dataset's pointer (layers/shared/lake-generations.ts, one conditional DynamoDB write) from the
 * old generation to the new one. Readers read the pointer first and only that generation's
 * objects, so they see the old set or the new set, never a mix; an import that dies before the
 * switch leaves the old set as it was. Objects written before generations existed are the
 * generation named after the table's folder (`airings.parquet`, `visits.parquet`,
 * `foot-traffic.parquet`).
 */

/** The lake's tables (Glue table names). */
export type LakeTable = 'airings' | 'visits' | 'foot_traffic';

/** A client's dataset: a table, at one resolution for visits and foot traffic. */
export type LakeDataset =
  | 'airings'
  | 'visits/minute'
  | 'visits/hour'
  | 'foot_traffic/minute'
  | 'foot_traffic/hour';

/** Every dataset a client can have. */
export const LAKE_DATASETS: readonly LakeDataset[] = [
  'airings',
  'visits/minute',
  'visits/hour',
  'foot_traffic/minute',
  'foot_traffic/hour',
];

/** The dataset of a table (and resolution, for visits and foot traffic). */
export function lakeDataset(
  table: LakeTable,
  resolution: 'minute' | 'hour' = 'minute',
): LakeDataset {
  return table === 'airings' ? 'airings' : `${table}/${resolution}`;
}

/** Folder of each table in the lake bucket. */
const FOLDERS: Record<LakeTable, string> = {
  airings: 'airings',
  visits: 'visits',
  foot_traffic: 'foot-traffic',
};

const tableOf = (dataset: LakeDataset) => dataset.split('/')[0] as LakeTable;
const resolutionOf = (dataset: LakeDataset) =>
  dataset.split('/')[1] as 'minute' | 'hour' | undefined;

/**
 * A generation's name: lower-case letters, digits and dashes (safe in a key, and in an Athena
 * LIKE pattern: no `_` or `%`).
 */
export const GENERATION_NAME = /^[a-z0-9-]{1,64}$/;

/** The generation of objects written before generations: the table's folder name. */
export function legacyGeneration(dataset: LakeDataset): string {
  return FOLDERS[tableOf(dataset)];
}

/** File name of a generation's object in a date folder. */
export const generationFile = (gen: string) => `${gen}.parquet`;

/** Prefix of all objects of a client's dataset, e.g. `visits/client_uid=c1/resolution=minute/`. */
export function datasetPrefix(clientUid: string, dataset: LakeDataset): string {
  const resolution = resolutionOf(dataset);
  return `${FOLDERS[tableOf(dataset)]}/client_uid=${clientUid}/${resolution ? `resolution=${resolution}/` : ''}`;
}

/** The object of one partition (client, dataset, UTC date YYYY-MM-DD) of one generation. */
export function partitionKey(
  clientUid: string,
  dataset: LakeDataset,
  dateUtc: string,
  gen: string = legacyGeneration(dataset),
): string {
  return `${datasetPrefix(clientUid, dataset)}date=${dateUtc}/${generationFile(gen)}`;
}

/** Airings of one client on one UTC date (YYYY-MM-DD), of generation `gen`. */
export function airingsObjectKey(clientUid: string, dateUtc: string, gen?: string): string {
  return partitionKey(clientUid, 'airings', dateUtc, gen);
}

/** Prefix of all airings of one client. */
export const airingsPrefix = (clientUid: string) => datasetPrefix(clientUid, 'airings');

/** Visits of one client, resolution and UTC date, of generation `gen`. */
export function visitsObjectKey(
  clientUid: string,
  resolution: 'minute' | 'hour',
  dateUtc: string,
  gen?: string,
): string {
  return partitionKey(clientUid, `visits/${resolution}`, dateUtc, gen);
}

/** Prefix of all visits of one client at one resolution. */
export const visitsPrefix = (clientUid: string, resolution: 'minute' | 'hour') =>
  datasetPrefix(clientUid, `visits/${resolution}`);

/** Foot traffic (store visits per location) of one client, resolution and UTC date, of `gen`. */
export function footTrafficObjectKey(
  clientUid: string,
  resolution: 'minute' | 'hour',
  dateUtc: string,
  gen?: string,
): string {
  return partitionKey(clientUid, `foot_traffic/${resolution}`, dateUtc, gen);
}

/** Prefix of all foot traffic of one client at one resolution. */
export const footTrafficPrefix = (clientUid: string, resolution: 'minute' | 'hour') =>
  datasetPrefix(clientUid, `foot_traffic/${resolution}`);

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
 * dma_code: '' for unknown geography (counted in the national series only). sessions, new_users,
 * pageviews: counts per bucket. engaged_sessions (count; GA4 engagedSessions) and engagement_s
 * (seconds; GA4 userEngagementDuration) are nullable: null where the source does not measure them
 * (a CSV without those columns), and absent from objects written before they existed, which
 * both query engines read as null. They feed the report's Pro Digital section only.
 */
export const VISITS_COLUMNS = [
  'bucket_utc',
  'dma_code',
  'sessions',
  'new_users',
  'pageviews',
  'engaged_sessions',
  'engagement_s',
] as const;

/** The visits columns that may be null (or missing in older objects): the engagement metrics. */
export const VISITS_OPTIONAL_COLUMNS = ['engaged_sessions', 'engagement_s'] as const;

/**
 * Columns of a foot-traffic object. bucket_utc: start of the minute or hour, epoch seconds UTC.
 * location_id: the client's id for the store; dma_code: its DMA ('' unknown); visits: store visits
 * in the bucket. Unique per (bucket_utc, location_id).
 */
export const FOOT_TRAFFIC_COLUMNS = ['bucket_utc', 'location_id', 'dma_code', 'visits'] as const;
