import { GENERATION_NAME, generationFile, legacyGeneration } from '#shared/lake';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { AttributionMethod, Resolution } from '../../attribution/core/types';
import { utcDate } from '../core/dates';
import { SAFE_ID } from '../core/keys';
import { AIRING_SELECT, METRIC_COLUMN } from './airing-row';
import { openHoursWhere } from './open-hours-sql';

/**
 * Athena (Trino) SQL of the AWS query engine, over the Glue tables `airings`, `visits` and
 * `foot_traffic`
 * (partition projection: client_uid injected, resolution enum, date yyyy-MM-dd). Every query
 * names client_uid with `=` and bounds "date" with BETWEEN so projection prunes partitions, keeps
 * the objects of the dataset's current generation (`"$path"` ends in `/<gen>.parquet`:
 * layers/shared/lake.ts), then filters the exact epoch range. Values are inlined only after
 * strict checks (ids match SAFE_ID, generation names GENERATION_NAME, dates are computed, epochs
 * are integers, column names come from fixed maps).
 */

const DB_RE = /^[A-Za-z0-9_]{1,255}$/;

/** The database name, checked. @throws RangeError when it is not a plain Glue name. */
function table(database: string, name: 'airings' | 'visits' | 'foot_traffic'): string {
  if (!DB_RE.test(database)) throw new RangeError(`bad Glue database name: ${database}`);
  return `"${database}"."${name}"`;
}

function client(clientUid: string): string {
  if (!SAFE_ID.test(clientUid)) throw new RangeError('bad client_uid');
  return `'${clientUid}'`;
}

function epoch(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer epoch: ${n}`);
  return String(n);
}

/** Only the objects of generation `gen` (its name has no LIKE wildcard: GENERATION_NAME). */
function generation(gen: string): string {
  if (!GENERATION_NAME.test(gen)) throw new RangeError(`bad generation: ${gen}`);
  return `"$path" LIKE '%/${generationFile(gen)}'`;
}

/** `"date" BETWEEN` the UTC dates of [fromUtc, toUtc). */
const dates = (fromUtc: number, toUtc: number) =>
  `"date" BETWEEN '${utcDate(fromUtc)}' AND '${utcDate(Math.max(fromUtc, toUtc - 1))}'`;

/** Airings with fromUtc <= start_utc < toUtc, ordered by start then id (of generation `gen`). */
export function athenaAiringsSql(
  database: string,
  clientUid: string,
  fromUtc: number,
  toUtc: number,
  gen = legacyGeneration('airings'),
) {
  return `SELECT ${AIRING_SELECT.join(', ')}
FROM ${table(database, 'airings')}
WHERE client_uid = ${client(clientUid)} AND ${dates(fromUtc, toUtc)} AND ${generation(gen)}
  AND start_utc >= ${epoch(fromUtc)} AND start_utc < ${epoch(toUtc)}
ORDER BY start_utc, airing_id`;
}

const visitsWhere = (
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  gen: string,
) =>
  `client_uid = ${client(clientUid)} AND resolution = '${resolution === 'hour' ? 'hour' : 'minute'}'
  AND ${dates(fromUtc, toUtc)} AND ${generation(gen)}
  AND bucket_utc >= ${epoch(fromUtc)} AND bucket_utc < ${epoch(toUtc)}`;

/** Visit rows in the range: bucket_utc, dma_code ('' unknown) and the method's metric as v. */
export function athenaVisitsSql(
  database: string,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  method: AttributionMethod,
  gen = legacyGeneration('visits/minute'),
) {
  return `SELECT bucket_utc, coalesce(dma_code, '') AS dma_code, coalesce(${METRIC_COLUMN[method]}, 0) AS v
FROM ${table(database, 'visits')}
WHERE ${visitsWhere(clientUid, resolution, fromUtc, toUtc, gen)}`;
}

/**
 * Visit rows in the range with the Pro Digital metrics: bucket_utc, dma_code ('' unknown),
 * sessions and new_users (null = 0), engaged_sessions and engagement_s as NaN where not measured
 * (null, which is also how Athena reads objects written before those columns existed).
 */
export function athenaDigitalSql(
  database: string,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  gen = legacyGeneration('visits/minute'),
) {
  return `SELECT bucket_utc, coalesce(dma_code, '') AS dma_code, coalesce(sessions, 0) AS sessions,
  coalesce(new_users, 0) AS new_users, coalesce(engaged_sessions, nan()) AS engaged_sessions,
  coalesce(engagement_s, nan()) AS engagement_s
FROM ${table(database, 'visits')}
WHERE ${visitsWhere(clientUid, resolution, fromUtc, toUtc, gen)}`;
}

/**
 * Foot-traffic rows in the range summed per bucket and DMA over the locations (v = store visits);
 * with `open`, only the rows inside each location's opening hours.
 */
export function athenaFootTrafficSql(
  database: string,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  gen = legacyGeneration('foot_traffic/minute'),
  open?: OpenHoursFilter,
) {
  return `SELECT bucket_utc, coalesce(dma_code, '') AS dma_code, sum(coalesce(visits, 0)) AS v
FROM ${table(database, 'foot_traffic')}
WHERE ${visitsWhere(clientUid, resolution, fromUtc, toUtc, gen)}${openHoursWhere(open, 'trino')}
GROUP BY bucket_utc, coalesce(dma_code, '')
ORDER BY bucket_utc`;
}

/** Store visits per location in the range (with `open`, inside opening hours only). */
export function athenaFootTrafficLocationsSql(
  database: string,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  gen = legacyGeneration('foot_traffic/minute'),
  open?: OpenHoursFilter,
) {
  return `SELECT location_id, coalesce(max(dma_code), '') AS dma_code, sum(coalesce(visits, 0)) AS visits
FROM ${table(database, 'foot_traffic')}
WHERE ${visitsWhere(clientUid, resolution, fromUtc, toUtc, gen)}${openHoursWhere(open, 'trino')}
GROUP BY location_id
ORDER BY visits DESC, location_id`;
}

/** One row when any visit row (`visits`) or foot-traffic row (`foot_traffic`) lies in the range. */
export function athenaHasVisitsSql(
  database: string,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  source: 'visits' | 'foot_traffic' = 'visits',
  gen = legacyGeneration(`${source}/minute`),
) {
  return `SELECT 1 AS hit
FROM ${table(database, source)}
WHERE ${visitsWhere(clientUid, resolution, fromUtc, toUtc, gen)}
LIMIT 1`;
}
