import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { AttributionMethod } from '../../attribution/core/types';
import { AIRING_NUMERIC, AIRING_SELECT, METRIC_COLUMN } from './airing-row';
import { openHoursWhere } from './open-hours-sql';

/**
 * DuckDB SQL of the local query engine (local-stack.md §3: no httpfs, so it reads the lake's
 * files from s3rver's folder). Partition pruning happens when listing files (duckdb-lake-files.ts);
 * every query also filters the exact epoch range. Numbers are cast to DOUBLE so results are JS
 * numbers, not BigInt. Only validated ids and integers reach the text; strings are quoted.
 */

/** A SQL string literal. */
export const sqlString = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Integer epoch seconds, checked (they are inlined). */
function epoch(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer epoch: ${n}`);
  return String(n);
}

/** `read_parquet([...])` over explicit files (one per partition) with Hive columns. */
export function parquetSource(files: readonly string[]): string {
  if (files.length === 0) throw new RangeError('parquetSource: no files');
  return `read_parquet([${files.map(sqlString).join(', ')}], hive_partitioning = true, union_by_name = true)`;
}

/** Airings with fromUtc <= start_utc < toUtc, ordered by start then id. */
export function airingsSql(files: readonly string[], fromUtc: number, toUtc: number): string {
  const cols = AIRING_SELECT.map((c) =>
    AIRING_NUMERIC.has(c) ? `CAST(${c} AS DOUBLE) AS ${c}` : `CAST(${c} AS VARCHAR) AS ${c}`,
  );
  return `SELECT ${cols.join(', ')}
FROM ${parquetSource(files)}
WHERE start_utc >= ${epoch(fromUtc)} AND start_utc < ${epoch(toUtc)}
ORDER BY start_utc, airing_id`;
}

const visitsWhere = (fromUtc: number, toUtc: number) =>
  `bucket_utc >= ${epoch(fromUtc)} AND bucket_utc < ${epoch(toUtc)}`;

/**
 * Distinct DMA codes ('' = unknown geography) of visit rows in the range, sorted: they become
 * the ENUM the row queries order by, and DISTINCT alone comes back in whatever order DuckDB's
 * threads finish, so rows of one bucket would change order from run to run.
 */
export function visitDmasSql(files: readonly string[], fromUtc: number, toUtc: number): string {
  return `SELECT DISTINCT coalesce(dma_code, '') AS dma_code
FROM ${parquetSource(files)}
WHERE ${visitsWhere(fromUtc, toUtc)}
ORDER BY 1`;
}

/**
 * The DMA column of a row query as an INTEGER code. Without `dmas`: the code's own number when it
 * is a canonical decimal of up to four digits ('501' -> 501; imports store codes without leading
 * zeros, and Nielsen's are three digits), 0 for unknown geography (NULL or ''), and -1 for
 * anything else ('0501', '12345', 'x'), which tells the reader to run the query again with
 * `dmas` (the bound keeps the reader's code-to-text table small). With `dmas` ('' then the
 * range's other distinct codes sorted, visitDmasSql): the
 * code's index in that list, through an ENUM. The numeric form needs no pass over the files to
 * learn the codes first, and an integer column reads several times faster than strings.
 */
export function dmaIndexSql(dmas: readonly string[] | null): string {
  if (dmas) {
    const dmaEnum = `ENUM(${dmas.map(sqlString).join(', ')})`;
    return `CAST(enum_code(CAST(coalesce(dma_code, '') AS ${dmaEnum})) AS INTEGER)`;
  }
  return `CASE WHEN coalesce(dma_code, '') = '' THEN 0
    WHEN regexp_full_match(dma_code, '[1-9][0-9]{0,3}') THEN CAST(dma_code AS INTEGER)
    ELSE -1 END`;
}

/**
 * Visit rows in the range: bucket_utc and the metric as DOUBLE, the DMA as an integer code
 * (dmaIndexSql: its number, or its index in `dmas` when given).
 */
export function visitsSql(
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  method: AttributionMethod,
  dmas: readonly string[] | null,
): string {
  const metric = METRIC_COLUMN[method];
  return `SELECT CAST(bucket_utc AS DOUBLE) AS bucket_utc,
  ${dmaIndexSql(dmas)} AS dma_index,
  CAST(coalesce(${metric}, 0) AS DOUBLE) AS v
FROM ${parquetSource(files)}
WHERE ${visitsWhere(fromUtc, toUtc)}`;
}

/** The column names of the files (union by name): older visits objects lack the engagement ones. */
export function describeSql(files: readonly string[]): string {
  return `SELECT column_name FROM (DESCRIBE SELECT * FROM ${parquetSource(files)})`;
}

/**
 * Visit rows in the range with the Pro Digital metrics: bucket_utc, the DMA as an integer code
 * (as visitsSql), sessions, new_users (null = 0), engaged_sessions and engagement_s as
 * NaN where not measured: null in the object, or a column no file has (`has` says which exist:
 * naming a missing column is an error even with union_by_name).
 */
export function digitalSql(
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  dmas: readonly string[] | null,
  has: { engaged_sessions: boolean; engagement_s: boolean },
): string {
  const measured = (col: 'engaged_sessions' | 'engagement_s') =>
    has[col] ? `CAST(coalesce(${col}, 'NaN'::DOUBLE) AS DOUBLE)` : `'NaN'::DOUBLE`;
  return `SELECT CAST(bucket_utc AS DOUBLE) AS bucket_utc,
  ${dmaIndexSql(dmas)} AS dma_index,
  CAST(coalesce(sessions, 0) AS DOUBLE) AS sessions,
  CAST(coalesce(new_users, 0) AS DOUBLE) AS new_users,
  ${measured('engaged_sessions')} AS engaged_sessions,
  ${measured('engagement_s')} AS engagement_s
FROM ${parquetSource(files)}
WHERE ${visitsWhere(fromUtc, toUtc)}`;
}

/**
 * Foot-traffic rows in the range summed per bucket and DMA over the locations: bucket_utc, the
 * DMA as an integer code (as visitsSql) and the store visits as v, ordered by bucket then DMA code
 * as text ('' first) whichever form the code takes.
 */
export function footTrafficSql(
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  dmas: readonly string[] | null,
  open?: OpenHoursFilter,
): string {
  return `SELECT CAST(bucket_utc AS DOUBLE) AS bucket_utc,
  ${dmaIndexSql(dmas)} AS dma_index,
  CAST(sum(coalesce(visits, 0)) AS DOUBLE) AS v
FROM ${parquetSource(files)}
WHERE ${visitsWhere(fromUtc, toUtc)}${openHoursWhere(open, 'duckdb')}
GROUP BY 1, 2
ORDER BY 1, ${dmas ? '2' : "CASE WHEN dma_index = 0 THEN '' ELSE CAST(dma_index AS VARCHAR) END"}`;
}

/**
 * Store visits per location in the range, by visits descending then location_id; with `open`,
 * only the visits inside each location's opening hours.
 */
export function footTrafficLocationsSql(
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  open?: OpenHoursFilter,
): string {
  return `SELECT CAST(location_id AS VARCHAR) AS location_id,
  CAST(coalesce(max(dma_code), '') AS VARCHAR) AS dma_code,
  CAST(sum(coalesce(visits, 0)) AS DOUBLE) AS visits
FROM ${parquetSource(files)}
WHERE ${visitsWhere(fromUtc, toUtc)}${openHoursWhere(open, 'duckdb')}
GROUP BY location_id
ORDER BY visits DESC, location_id`;
}

/** One row when any visit (or foot-traffic) row lies in the range. */
export function hasVisitsSql(files: readonly string[], fromUtc: number, toUtc: number): string {
  return `SELECT 1 AS hit FROM ${parquetSource(files)} WHERE ${visitsWhere(fromUtc, toUtc)} LIMIT 1`;
}

/**
 * Row count and metric sum of visit rows in the range, then the last bucket and the largest DMA
 * code: the plain scan the benchmark compares the columnar read (visitsSql) with. It aggregates
 * every column that read returns, so DuckDB decodes the same rows and columns for both: counting
 * and summing alone would skip the DMA strings, and bucket_utc too when the file statistics show
 * the whole file in range.
 */
export function visitsScanSql(
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  method: AttributionMethod,
): string {
  return `SELECT CAST(count(*) AS DOUBLE) AS row_count,
  CAST(coalesce(sum(${METRIC_COLUMN[method]}), 0) AS DOUBLE) AS total,
  CAST(max(bucket_utc) AS DOUBLE) AS last_bucket_utc,
  max(dma_code) AS last_dma_code
FROM ${parquetSource(files)}
WHERE ${visitsWhere(fromUtc, toUtc)}`;
}
