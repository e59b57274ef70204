import { GENERATION_NAME, generationFile, legacyGeneration } from '#shared/lake';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { AttributionMethod, Resolution } from '../../attribution/core/types';
import { utcDate } from '../core/dates';
import { SAFE_ID } from '../core/keys';
import { AIRING_NUMERIC, AIRING_SELECT, METRIC_COLUMN } from './airing-row';
import { openHoursWhere } from './open-hours-sql';

/**
 * Athena (Trino) SQL of the AWS query engine, over the Glue tables `airings`, `visits` and
 * `foot_traffic` (partition projection: client_uid injected, resolution enum, date yyyy-MM-dd).
 * Every query names client_uid with `=` and bounds "date" with BETWEEN so projection prunes
 * partitions, keeps the objects of the dataset's current generation (`"$path"` ends in
 * `/<gen>.parquet`: layers/shared/lake.ts), then filters the exact epoch range.
 *
 * No value is written into the SQL text: each one is a `?` placeholder (Athena allows them in the
 * WHERE clause only, which is where every value of these queries is) and travels in
 * {@link AthenaQuery.params} as Athena's ExecutionParameters, so the text of a query depends only
 * on its shape, never on a client's data. Only identifiers are in the text: the database name
 * (checked against a plain Glue name), table and column names from fixed maps, and the UNLOAD
 * location the engine makes itself (checked). Values are still checked where a wrong one would
 * widen the read (client ids match SAFE_ID, generation names GENERATION_NAME: no LIKE wildcard).
 */

/** A query and its execution parameters, in placeholder order (Athena literal text). */
export interface AthenaQuery {
  sql: string;
  /** One Athena literal per `?`: a quoted string ('it''s') or an integer. */
  params: string[];
}

/** Athena's limit on the length of one execution parameter. */
const MAX_PARAM_LENGTH = 1024;

/**
 * Collects execution parameters: `bind` returns the placeholder and records the value as the
 * Athena literal ExecutionParameters expects (strings single-quoted with quotes doubled: Athena
 * reads each parameter as one literal, so a quote in a value stays inside it).
 * @throws RangeError for a non-integer number, or a value longer than Athena accepts.
 */
class Params {
  readonly values: string[] = [];

  bind = (value: string | number): string => {
    let literal: string;
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
      literal = String(value);
    } else {
      literal = `'${value.replaceAll("'", "''")}'`;
    }
    if (literal.length > MAX_PARAM_LENGTH) {
      throw new RangeError(`a query value is longer than ${MAX_PARAM_LENGTH} characters`);
    }
    this.values.push(literal);
    return '?';
  };
}

const DB_RE = /^[A-Za-z0-9_]{1,255}$/;

/** The database name, checked. @throws RangeError when it is not a plain Glue name. */
function table(database: string, name: 'airings' | 'visits' | 'foot_traffic'): string {
  if (!DB_RE.test(database)) throw new RangeError(`bad Glue database name: ${database}`);
  return `"${database}"."${name}"`;
}

function client(p: Params, clientUid: string): string {
  if (!SAFE_ID.test(clientUid)) throw new RangeError('bad client_uid');
  return p.bind(clientUid);
}

/** Only the objects of generation `gen` (its name has no LIKE wildcard: GENERATION_NAME). */
function generation(p: Params, gen: string): string {
  if (!GENERATION_NAME.test(gen)) throw new RangeError(`bad generation: ${gen}`);
  return `"$path" LIKE ${p.bind(`%/${generationFile(gen)}`)}`;
}

/** `"date" BETWEEN` the UTC dates of [fromUtc, toUtc). */
const dates = (p: Params, fromUtc: number, toUtc: number) =>
  `"date" BETWEEN ${p.bind(utcDate(fromUtc))} AND ${p.bind(utcDate(Math.max(fromUtc, toUtc - 1)))}`;

/**
 * Airings with fromUtc <= start_utc < toUtc (of generation `gen`); numbers as DOUBLE, text as
 * VARCHAR. UNLOAD writes several files, so the reader orders them (start, then id).
 */
export function athenaAiringsSql(
  database: string,
  clientUid: string,
  fromUtc: number,
  toUtc: number,
  gen = legacyGeneration('airings'),
): AthenaQuery {
  const p = new Params();
  const cols = AIRING_SELECT.map((c) =>
    AIRING_NUMERIC.has(c) ? `CAST(${c} AS DOUBLE) AS ${c}` : `CAST(${c} AS VARCHAR) AS ${c}`,
  );
  const where = `client_uid = ${client(p, clientUid)} AND ${dates(p, fromUtc, toUtc)} AND ${generation(p, gen)}
  AND start_utc >= ${p.bind(fromUtc)} AND start_utc < ${p.bind(toUtc)}`;
  return {
    sql: `SELECT ${cols.join(', ')}
FROM ${table(database, 'airings')}
WHERE ${where}`,
    params: p.values,
  };
}

const visitsWhere = (
  p: Params,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  gen: string,
) =>
  `client_uid = ${client(p, clientUid)} AND resolution = ${p.bind(resolution === 'hour' ? 'hour' : 'minute')}
  AND ${dates(p, fromUtc, toUtc)} AND ${generation(p, gen)}
  AND bucket_utc >= ${p.bind(fromUtc)} AND bucket_utc < ${p.bind(toUtc)}`;

/**
 * Visit rows in the range: bucket_utc (DOUBLE), dma_code ('' unknown) and the method's metric as
 * v (DOUBLE).
 */
export function athenaVisitsSql(
  database: string,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  method: AttributionMethod,
  gen = legacyGeneration('visits/minute'),
): AthenaQuery {
  const p = new Params();
  const where = visitsWhere(p, clientUid, resolution, fromUtc, toUtc, gen);
  return {
    sql: `SELECT CAST(bucket_utc AS DOUBLE) AS bucket_utc, coalesce(dma_code, '') AS dma_code,
  CAST(coalesce(${METRIC_COLUMN[method]}, 0) AS DOUBLE) AS v
FROM ${table(database, 'visits')}
WHERE ${where}`,
    params: p.values,
  };
}

/**
 * Visit rows in the range with the Pro Digital metrics: bucket_utc, dma_code ('' unknown),
 * sessions and new_users (null = 0), engaged_sessions and engagement_s as NaN where not measured
 * (null, which is also how Athena reads objects written before those columns existed); numbers
 * as DOUBLE.
 */
export function athenaDigitalSql(
  database: string,
  clientUid: string,
  resolution: Resolution,
  fromUtc: number,
  toUtc: number,
  gen = legacyGeneration('visits/minute'),
): AthenaQuery {
  const p = new Params();
  const where = visitsWhere(p, clientUid, resolution, fromUtc, toUtc, gen);
  return {
    sql: `SELECT CAST(bucket_utc AS DOUBLE) AS bucket_utc, coalesce(dma_code, '') AS dma_code,
  CAST(coalesce(sessions, 0) AS DOUBLE) AS sessions, CAST(coalesce(new_users, 0) AS DOUBLE) AS new_users,
  CAST(coalesce(engaged_sessions, nan()) AS DOUBLE) AS engaged_sessions,
  CAST(coalesce(engagement_s, nan()) AS DOUBLE) AS engagement_s
FROM ${table(database, 'visits')}
WHERE ${where}`,
    params: p.values,
  };
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
): AthenaQuery {
  const p = new Params();
  const where = `${visitsWhere(p, clientUid, resolution, fromUtc, toUtc, gen)}${openHoursWhere(open, 'trino', p.bind)}`;
  return {
    sql: `SELECT CAST(bucket_utc AS DOUBLE) AS bucket_utc, coalesce(dma_code, '') AS dma_code,
  CAST(sum(coalesce(visits, 0)) AS DOUBLE) AS v
FROM ${table(database, 'foot_traffic')}
WHERE ${where}
GROUP BY bucket_utc, coalesce(dma_code, '')`,
    params: p.values,
  };
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
): AthenaQuery {
  const p = new Params();
  const where = `${visitsWhere(p, clientUid, resolution, fromUtc, toUtc, gen)}${openHoursWhere(open, 'trino', p.bind)}`;
  return {
    sql: `SELECT CAST(location_id AS VARCHAR) AS location_id,
  CAST(coalesce(max(dma_code), '') AS VARCHAR) AS dma_code,
  CAST(sum(coalesce(visits, 0)) AS DOUBLE) AS visits
FROM ${table(database, 'foot_traffic')}
WHERE ${where}
GROUP BY location_id`,
    params: p.values,
  };
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
): AthenaQuery {
  const p = new Params();
  const where = visitsWhere(p, clientUid, resolution, fromUtc, toUtc, gen);
  return {
    sql: `SELECT 1 AS hit
FROM ${table(database, source)}
WHERE ${where}
LIMIT 1`,
    params: p.values,
  };
}

/** An S3 folder URI the engine makes for one UNLOAD: bucket, then key characters, ending in '/'. */
const UNLOAD_URI = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/(?:[A-Za-z0-9_.=-]+\/)+$/;

/**
 * The query as an UNLOAD of its rows to `location` as Snappy Parquet (one or more objects; a
 * pure-JS reader decodes Snappy without extra codecs). Parameters are unchanged: they all sit in
 * the inner query's WHERE clause.
 * @throws RangeError when `location` is not a plain S3 folder URI.
 */
export function athenaUnload(query: AthenaQuery, location: string): AthenaQuery {
  if (!UNLOAD_URI.test(location)) throw new RangeError(`bad UNLOAD location: ${location}`);
  return {
    sql: `UNLOAD (${query.sql})
TO '${location}'
WITH (format = 'PARQUET', compression = 'SNAPPY')`,
    params: query.params,
  };
}
