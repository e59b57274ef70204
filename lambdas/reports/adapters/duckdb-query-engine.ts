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
      dmaIndex: read.dmaIndex,
      dmaCodes: read.dmaCodes,
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
 * Reads visit rows columnar, chunk by chunk, straight into typed arrays (no row objects and no
 * string per row: the benchmark reads ~3M visit-minutes). Rows: fromUtc <= bucket_utc < toUtc in
 * `files`; `sqlFor` gives the query (columns bucket_utc DOUBLE, dma_index INTEGER as dmaIndexSql,
 * v DOUBLE): visitsSql, or footTrafficSql for store visits. The DMA comes dictionary-coded
 * (readVisitMatrix).
 * @param pool optional output arrays kept from the previous read of the same caller (see
 *   {@link ColumnPool}): the previous result read with it becomes invalid.
 */
export async function readVisitColumns(
  conn: DuckDBConnection,
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  sqlFor: (dmas: readonly string[] | null) => string,
  pool?: ColumnPool,
): Promise<VisitColumnsResult> {
  const read = await readVisitMatrix(conn, files, fromUtc, toUtc, sqlFor, 1, pool);
  return {
    bucketUtc: read.bucketUtc,
    dmaIndex: read.dmaIndex,
    dmaCodes: read.dmaCodes,
    values: read.values[0]!,
  };
}

/**
 * {@link readVisitColumns} with `count` value columns after bucket_utc and dma_index (in query
 * order), each into its own typed array. The DMA of row i is dmaCodes[dmaIndex[i]] ('' = unknown
 * geography, always index 0). One scan of the files when every DMA code is a canonical number of
 * up to four digits (what imports store): the index is the code's own number and dmaCodes lists
 * the numbers up to the largest as text, so no string is made per row. Otherwise (a code such as
 * '0501'), a second try reads the range's distinct codes first and numbers the rows by their
 * index in that list, so every code comes back exactly as stored.
 */
export async function readVisitMatrix(
  conn: DuckDBConnection,
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  sqlFor: (dmas: readonly string[] | null) => string,
  count: number,
  pool?: ColumnPool,
): Promise<{
  bucketUtc: Float64Array;
  dmaIndex: Int32Array;
  dmaCodes: string[];
  values: Float64Array[];
}> {
  const empty = {
    bucketUtc: new Float64Array(0),
    dmaIndex: new Int32Array(0),
    dmaCodes: [''],
    values: Array.from({ length: count }, () => new Float64Array(0)),
  };
  if (files.length === 0) return empty;
  const numeric = await readColumns(conn, sqlFor(null), count, pool);
  const { low, high } = range(numeric.dmaIndex);
  if (low >= 0) {
    const dmaCodes = Array.from({ length: high + 1 }, (_, k) => (k === 0 ? '' : String(k)));
    return { ...numeric, dmaCodes };
  }
  const dmaReader = await conn.runAndReadAll(visitDmasSql(files, fromUtc, toUtc));
  const dmas = (dmaReader.getColumnsJS()[0] ?? []).map(String);
  if (dmas.length === 0) return empty;
  // '' leads the list whether or not the range has unknown geography: index 0 means unknown.
  const dmaCodes = ['', ...dmas.filter((d) => d !== '')];
  return { ...(await readColumns(conn, sqlFor(dmaCodes), count, pool)), dmaCodes };
}

/** The smallest and largest of the codes (0 and 0 for none): one pass, no allocation. */
function range(codes: Int32Array): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (let i = 0; i < codes.length; i++) {
    const k = codes[i] as number;
    if (k < low) low = k;
    else if (k > high) high = k;
  }
  return { low, high };
}

/**
 * Runs a row query (bucket_utc DOUBLE, dma_index INTEGER, then `count` DOUBLE values) and copies
 * its materialised chunks into arrays of the exact row count. Each column of a chunk is read as
 * its raw vector data (one copy out of DuckDB, then one typed-array copy into place): the
 * vector objects of @duckdb/node-api cost several native calls and objects per 2,048 rows, which
 * came to more than the rest of the read. Validity masks are not read: the SQL coalesces every
 * NULL. Streaming the chunks instead was measured slower (one event-loop round trip per chunk).
 * @throws Error when a column is not of the type above (the SQL casts every column).
 */
async function readColumns(
  conn: DuckDBConnection,
  sql: string,
  count: number,
  pool?: ColumnPool,
): Promise<{ bucketUtc: Float64Array; dmaIndex: Int32Array; values: Float64Array[] }> {
  const bindings = await duckDbBindings();
  const { DuckDBTypeId } = await import('@duckdb/node-api');
  const result = await conn.run(sql);
  const n = result.rowCount;
  const columns: (Float64Array | Int32Array)[] = [];
  for (let k = 0; k < 2 + count; k++) {
    const type = k === 1 ? DuckDBTypeId.INTEGER : DuckDBTypeId.DOUBLE;
    if (result.columnTypeId(k) !== type)
      throw new Error(`readColumns: column ${result.columnName(k)} is not ${DuckDBTypeId[type]}`);
    columns.push(
      pool
        ? pool.take(k, type === DuckDBTypeId.INTEGER, n)
        : newColumn(type === DuckDBTypeId.INTEGER, n),
    );
  }
  let at = 0;
  for (let c = 0; c < result.chunkCount; c++) {
    const chunk = result.getChunk(c).chunk;
    const rows = bindings.data_chunk_get_size(chunk);
    if (rows === 0) continue;
    for (let k = 0; k < columns.length; k++) {
      const out = columns[k] as Float64Array | Int32Array;
      const data = bindings.vector_get_data(
        bindings.data_chunk_get_vector(chunk, k),
        rows * out.BYTES_PER_ELEMENT,
      );
      out.set(
        out instanceof Int32Array
          ? new Int32Array(data.buffer, data.byteOffset, rows)
          : new Float64Array(data.buffer, data.byteOffset, rows),
        at,
      );
    }
    at += rows;
  }
  if (at !== n) throw new Error(`DuckDB returned ${at} rows of ${n}`);
  const [bucketUtc, dmaIndex, ...values] = columns;
  return {
    bucketUtc: bucketUtc as Float64Array,
    dmaIndex: dmaIndex as Int32Array,
    values: values as Float64Array[],
  };
}

/** An empty output column of `n` rows. */
function newColumn(integer: boolean, n: number): Float64Array | Int32Array {
  return integer ? new Int32Array(n) : new Float64Array(n);
}

/**
 * Output arrays kept between reads of one caller (a warm process reading the same range again,
 * the benchmark): fresh arrays of ~60 MB per 3M-row read cost page faults and push V8 into full
 * garbage collections while DuckDB wants the same cores. A column is reused when the next read
 * has the same row count (every element is overwritten). Handing a pool to a read INVALIDATES
 * the result of the previous read made with the same pool.
 */
export class ColumnPool {
  private readonly kept: (Float64Array | Int32Array | undefined)[] = [];

  /** Column `k` of a read of `n` rows: the kept one when its type and length match. */
  take(k: number, integer: boolean, n: number): Float64Array | Int32Array {
    const kept = this.kept[k];
    if (kept && kept.length === n && kept instanceof Int32Array === integer) return kept;
    const fresh = newColumn(integer, n);
    this.kept[k] = fresh;
    return fresh;
  }
}

/** @duckdb/node-bindings (the C API under @duckdb/node-api): raw vector data without vector objects. */
async function duckDbBindings(): Promise<typeof import('@duckdb/node-bindings')> {
  const mod = await import('@duckdb/node-bindings');
  return mod.default ?? mod;
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
