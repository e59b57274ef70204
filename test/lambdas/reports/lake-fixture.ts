import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDuckDb } from '../../../lambdas/reports/adapters/duckdb-query-engine';

/**
 * Writes the rows of `select` (DuckDB SQL) as one Parquet object the way s3rver stores `<key>`
 * in a bucket folder: `<dir>/<key>._S3rver_object`, where the DuckDB engine reads the lake.
 */
export async function writeLakeObject(dir: string, key: string, select: string): Promise<void> {
  const path = join(dir, `${key}._S3rver_object`);
  mkdirSync(join(path, '..'), { recursive: true });
  const conn = await openDuckDb();
  await conn.run(`COPY (${select}) TO '${path}' (FORMAT parquet)`);
  conn.closeSync();
}

/**
 * One lake airing row as a DuckDB SELECT: airing `id` of Acme on WABC (tv, market 501) at
 * `start` (UTC seconds), 30 s of SPOT-A, costing `cost` cents (an SQL literal: NULL for none).
 */
export const airingSelect = (id: string, start: number, cost = '100') =>
  `SELECT '${id}-key' AS airing_key, '${id}' AS airing_id, 'Acme' AS advertiser, CAST(${start} AS BIGINT) AS start_utc,
   '501' AS market, 'America/New_York' AS tz, 'WABC' AS station, 'tv' AS station_type, CAST(NULL AS VARCHAR) AS network,
   'News' AS program, CAST(NULL AS VARCHAR) AS cable_zone, 'SPOT-A' AS creative, CAST(30 AS INTEGER) AS length_s,
   CAST(${cost} AS BIGINT) AS cost_cents, CAST(NULL AS BIGINT) AS impressions`;
