import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeDataset } from '#shared/lake';
import { type LakeGenerationReader, LEGACY_GENERATIONS } from '#shared/lake-generations';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { Airing, AttributionMethod, Resolution } from '../../attribution/core/types';
import { utcDate } from '../core/dates';
import type {
  DigitalColumnsResult,
  LocationVisits,
  QueryEngine,
  VisitColumnsResult,
} from '../core/ports';
import { type AiringRow, toAiring } from './airing-row';
import { airingsDir, footTrafficDir, lakeFiles, visitsDir } from './duckdb-lake-files';

const visitsDataset = (r: Resolution): LakeDataset =>
  r === 'hour' ? 'visits/hour' : 'visits/minute';
const footTrafficDataset = (r: Resolution): LakeDataset =>
  r === 'hour' ? 'foot_traffic/hour' : 'foot_traffic/minute';

/** The checked folder of a client's dataset (duckdb-lake-files.ts). */
function lakeDir(clientUid: string, dataset: LakeDataset): string {
  if (dataset === 'airings') return airingsDir(clientUid);
  const resolution = dataset.endsWith('/hour') ? 'hour' : 'minute';
  return dataset.startsWith('visits')
    ? visitsDir(clientUid, resolution)
    : footTrafficDir(clientUid, resolution);
}

import {
  airingsSql,
  describeSql,
  digitalSql,
  footTrafficLocationsSql,
  footTrafficSql,
  hasVisitsSql,
  visitDmasSql,
  visitsScanSql,
  visitsSql,
} from './duckdb-sql';

/**
 * Opens an in-memory DuckDB connection with extension downloads off (local-stack.md §3: httpfs
 * is not available offline, so a stray autoload must fail at once). @duckdb/node-api is loaded
 * with a dynamic import: it is external in the Lambda bundle and only used locally.
 */
export async function openDuckDb(): Promise<DuckDBConnection> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run('SET autoinstall_known_extensions = false');
  return conn;
}

/**
 * QueryEngine over the lake files in s3rver's folder (env DUCKDB_LAKE_DIR), for the local stack
 * and tests. Same results as AthenaQueryEngine on the same lake: each query reads only the
 * current generation of the client's dataset (layers/shared/lake.ts). Calls may overlap (the
 * Extract step asks for several reads at once): each query is one materialised `duckdb_query`,
 * which DuckDB runs under the connection's lock, and no query leaves session state behind.
 */
export class DuckDbQueryEngine implements QueryEngine {
  private conn: Promise<DuckDBConnection> | null = null;

  /**
   * @param lakeDir the folder holding the lake bucket's objects.
   * @param generations which generation each query reads. @default the legacy generations
   */
  constructor(
    private readonly lakeDir: string,
    private readonly generations: LakeGenerationReader = LEGACY_GENERATIONS,
  ) {}

  private connection(): Promise<DuckDBConnection> {
    this.conn ??= openDuckDb();
    return this.conn;
  }

  async extractAirings(clientUid: string, fromUtc: number, toUtc: number): Promise<Airing[]> {
    const files = await this.files(clientUid, 'airings', fromUtc, toUtc);
    if (files.length === 0) return [];
    const reader = await (await this.connection()).runAndReadAll(airingsSql(files, fromUtc, toUtc));
    return (reader.getRowObjectsJS() as AiringRow[]).map(toAiring);
  }

  async extractVisits(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    method: AttributionMethod,
  ): Promise<VisitColumnsResult> {
    const files = await this.files(clientUid, visitsDataset(resolution), fromUtc, toUtc);
    return readVisitColumns(await this.connection(), files, fromUtc, toUtc, (dmas) =>
      visitsSql(files, fromUtc, toUtc, method, dmas),
    );
  }

  async extractDigital(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
  ): Promise<DigitalColumnsResult> {
    const files = await this.files(clientUid, visitsDataset(resolution), fromUtc, toUtc);
    const conn = await this.connection();
    const names = new Set<string>();
    if (files.length > 0) {
      const described = await conn.runAndReadAll(describeSql(files));
      for (const name of described.getColumnsJS()[0] ?? []) names.add(String(name));
    }
    const has = {
      engaged_sessions: names.has('engaged_sessions'),
      engagement_s: names.has('engagement_s'),
    };
    const read = await readVisitMatrix(
      conn,
      files,
      fromUtc,
      toUtc,
      (dmas) => digitalSql(files, fromUtc, toUtc, dmas, has),
      4,
    );
    const [sessions, newUsers, engagedSessions, engagementS] = read.values as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    return {
      bucketUtc: read.bucketUtc,
      dmaCode: read.dmaCode,
      sessions,
      newUsers,
      engagedSessions,
      engagementS,
    };
  }

  hasVisits(clientUid: string, resolution: Resolution, fromUtc: number, toUtc: number) {
    return this.anyRow(clientUid, visitsDataset(resolution), fromUtc, toUtc);
  }

  async extractFootTraffic(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<VisitColumnsResult> {
    const files = await this.files(clientUid, footTrafficDataset(resolution), fromUtc, toUtc);
    return readVisitColumns(await this.connection(), files, fromUtc, toUtc, (dmas) =>
      footTrafficSql(files, fromUtc, toUtc, dmas, open),
    );
  }

  hasFootTraffic(clientUid: string, resolution: Resolution, fromUtc: number, toUtc: number) {
    return this.anyRow(clientUid, footTrafficDataset(resolution), fromUtc, toUtc);
  }

  async footTrafficLocations(
    clientUid: string,
    resolution: Resolution,
    fromUtc: number,
    toUtc: number,
    open?: OpenHoursFilter,
  ): Promise<LocationVisits[]> {
    const files = await this.files(clientUid, footTrafficDataset(resolution), fromUtc, toUtc);
    if (files.length === 0) return [];
    const sql = footTrafficLocationsSql(files, fromUtc, toUtc, open);
    const reader = await (await this.connection()).runAndReadAll(sql);
    return reader.getRowObjectsJS() as unknown as LocationVisits[];
  }

  private async anyRow(
    clientUid: string,
    dataset: LakeDataset,
    fromUtc: number,
    toUtc: number,
  ): Promise<boolean> {
    const files = await this.files(clientUid, dataset, fromUtc, toUtc);
    if (files.length === 0) return false;
    const reader = await (await this.connection()).runAndReadAll(
      hasVisitsSql(files, fromUtc, toUtc),
    );
    return reader.currentRowCount > 0;
  }

  /** The current generation's files of a client's dataset with dates in [fromUtc, toUtc). */
  private async files(
    clientUid: string,
    dataset: LakeDataset,
    fromUtc: number,
    toUtc: number,
  ): Promise<string[]> {
    if (toUtc <= fromUtc) return [];
    const prefix = lakeDir(clientUid, dataset);
    const gen = await this.generations.current(clientUid, dataset);
    return lakeFiles(this.lakeDir, prefix, utcDate(fromUtc), utcDate(toUtc - 1), gen);
  }
}

/**
 * Reads visit rows columnar, chunk by chunk, straight into typed arrays (no row objects: the
 * benchmark reads ~3M visit-minutes). Rows: fromUtc <= bucket_utc < toUtc in `files`; `sqlFor`
 * gives the query (columns bucket_utc DOUBLE, dma_index INTEGER as dmaIndexSql, v DOUBLE):
 * visitsSql, or footTrafficSql for store visits.
 */
export async function readVisitColumns(
  conn: DuckDBConnection,
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  sqlFor: (dmas: readonly string[] | null) => string,
): Promise<VisitColumnsResult> {
  const read = await readVisitMatrix(conn, files, fromUtc, toUtc, sqlFor, 1);
  return { bucketUtc: read.bucketUtc, dmaCode: read.dmaCode, values: read.values[0]! };
}

/**
 * {@link readVisitColumns} with `count` value columns after bucket_utc and dma_index (in query
 * order), each into its own typed array. One scan of the files when every DMA code is a canonical
 * number (what imports store): the code travels as an integer and becomes text once per distinct
 * code. Otherwise (a code such as '0501'), a second try reads the range's distinct codes first and
 * numbers the rows by their index in that list, so every code comes back exactly as stored.
 */
export async function readVisitMatrix(
  conn: DuckDBConnection,
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  sqlFor: (dmas: readonly string[] | null) => string,
  count: number,
): Promise<{ bucketUtc: Float64Array; dmaCode: string[]; values: Float64Array[] }> {
  const empty = {
    bucketUtc: new Float64Array(0),
    dmaCode: [],
    values: Array.from({ length: count }, () => new Float64Array(0)),
  };
  if (files.length === 0) return empty;
  const numeric = await readColumns(conn, sqlFor(null), count);
  if (!numeric.dmaIndex.includes(-1)) {
    return { ...numeric, dmaCode: dmaStrings(numeric.dmaIndex, (k) => (k === 0 ? '' : String(k))) };
  }
  const dmaReader = await conn.runAndReadAll(visitDmasSql(files, fromUtc, toUtc));
  const dmas = (dmaReader.getColumnsJS()[0] ?? []).map(String);
  if (dmas.length === 0) return empty;
  const listed = await readColumns(conn, sqlFor(dmas), count);
  return { ...listed, dmaCode: dmaStrings(listed.dmaIndex, (k) => dmas[k] ?? '') };
}

/**
 * Runs a row query (bucket_utc, dma_index, then `count` DOUBLE values) and copies its materialised
 * chunks into arrays of the exact row count, one typed-array copy per column and chunk.
 */
async function readColumns(
  conn: DuckDBConnection,
  sql: string,
  count: number,
): Promise<{ bucketUtc: Float64Array; dmaIndex: Int32Array; values: Float64Array[] }> {
  const result = await conn.run(sql);
  const n = result.rowCount;
  const bucketUtc = new Float64Array(n);
  const dmaIndex = new Int32Array(n);
  const values = Array.from({ length: count }, () => new Float64Array(n));
  let at = 0;
  for (let c = 0; c < result.chunkCount; c++) {
    const chunk = result.getChunk(c);
    const rows = chunk.rowCount;
    if (rows === 0) continue;
    copyColumn(chunk.getColumnVector(0), bucketUtc, at, rows);
    copyColumn(chunk.getColumnVector(1), dmaIndex, at, rows);
    for (let k = 0; k < count; k++)
      copyColumn(chunk.getColumnVector(2 + k), values[k] as Float64Array, at, rows);
    at += rows;
  }
  if (at !== n) throw new Error(`DuckDB returned ${at} rows of ${n}`);
  return { bucketUtc, dmaIndex, values };
}

/** The DMA code of each row from its integer code, each distinct code's text made once. */
function dmaStrings(dmaIndex: Int32Array, text: (k: number) => string): string[] {
  // DMA codes are small numbers (3 digits): an array lookup, not a Map, per row.
  const known: (string | undefined)[] = [];
  const out = new Array<string>(dmaIndex.length);
  for (let i = 0; i < dmaIndex.length; i++) {
    const k = dmaIndex[i] as number;
    let code = known[k];
    if (code === undefined) {
      code = text(k);
      known[k] = code;
    }
    out[i] = code;
  }
  return out;
}

/** A DuckDB vector as this module reads it (numeric, no NULLs: the SQL coalesces them). */
interface NumericVector {
  getItem(i: number): unknown;
}

/**
 * Copies a chunk column into `out` at `at`. The fast path copies the vector's typed array in one
 * call (DOUBLE and INTEGER vectors of @duckdb/node-api keep their items in a typed array; the
 * pinned 1.5.5-r.5 does); otherwise it reads item by item.
 */
function copyColumn(
  vector: NumericVector,
  out: Float64Array | Int32Array,
  at: number,
  rows: number,
) {
  const items = (vector as { items?: unknown }).items;
  if (items instanceof out.constructor && (items as ArrayLike<number>).length === rows) {
    out.set(items as ArrayLike<number>, at);
    return;
  }
  for (let i = 0; i < rows; i++) out[at + i] = vector.getItem(i) as number;
}

/**
 * A plain DuckDB scan of a client's visit files (count and sum of the metric in the range, no
 * transfer to JS): the baseline the benchmark compares extractVisits with.
 * @returns the row count and the metric's sum.
 */
export async function scanLakeVisits(args: {
  lakeDir: string;
  clientUid: string;
  resolution: Resolution;
  fromUtc: number;
  toUtc: number;
  method?: AttributionMethod;
  conn?: DuckDBConnection;
}): Promise<{ rows: number; total: number }> {
  const files = await lakeFiles(
    args.lakeDir,
    visitsDir(args.clientUid, args.resolution),
    utcDate(args.fromUtc),
    utcDate(args.toUtc - 1),
  );
  if (files.length === 0) return { rows: 0, total: 0 };
  const conn = args.conn ?? (await openDuckDb());
  const sql = visitsScanSql(files, args.fromUtc, args.toUtc, args.method ?? 'sessions');
  const [rows, total] = ((await conn.runAndReadAll(sql)).getRowsJS()[0] ?? []) as number[];
  if (!args.conn) conn.closeSync();
  return { rows: rows ?? 0, total: total ?? 0 };
}
