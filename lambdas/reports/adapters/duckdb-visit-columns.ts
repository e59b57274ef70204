import type { DuckDBConnection } from '@duckdb/node-api';
import type { AttributionMethod, Resolution } from '../../attribution/core/types';
import { utcDate } from '../core/dates';
import type { VisitColumnsResult } from '../core/ports';
import { METRIC_COLUMN } from './airing-row';
import { type ColumnPool, newColumn } from './duckdb-column-pool';
import { duckDbBindings, openDuckDb } from './duckdb-connection';
import { lakeFiles, visitsDir } from './duckdb-lake-files';
import { visitDmasSql, visitsScanSql, visitsSql } from './duckdb-sql';
import { numericDmaCodes, readParquetVisits } from './parquet-visit-columns';

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
 * The visit rows of a client's lake visits files (fromUtc <= bucket_utc < toUtc, epoch seconds
 * UTC) with the method's metric (visits per bucket): read straight from the Parquet
 * (readParquetVisits, about 1.5x DuckDB's own scan of the files on 2 cores, where DuckDB's
 * chunk-by-chunk transfer below is 3-5x), or through DuckDB (visitsSql) when a file is laid out
 * otherwise or a DMA code is not canonical. Both give the same rows, in the same order.
 * @param pool as for readVisitColumns
 */
export async function readLakeVisits(
  conn: DuckDBConnection,
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  method: AttributionMethod,
  pool?: ColumnPool,
): Promise<VisitColumnsResult> {
  const direct = readParquetVisits(files, fromUtc, toUtc, METRIC_COLUMN[method], pool);
  if (direct) return direct;
  return readVisitColumns(
    conn,
    files,
    fromUtc,
    toUtc,
    (dmas) => visitsSql(files, fromUtc, toUtc, method, dmas),
    pool,
  );
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
  if (low >= 0) return { ...numeric, dmaCodes: numericDmaCodes(high) };
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
 * its materialised chunks into arrays of the exact row count. The visits read uses it only for
 * files the direct Parquet read leaves (readLakeVisits); foot traffic and the Pro Digital metrics
 * always. The measurements below are why the visits read left it. Each column of a chunk is read as
 * its raw vector data (one copy out of DuckDB, then one typed-array copy into place): the
 * vector objects of @duckdb/node-api cost several native calls and objects per 2,048 rows, which
 * came to more than the rest of the read. Validity masks are not read: the SQL coalesces every
 * NULL.
 * The copy out of DuckDB cannot be skipped: @duckdb/node-bindings is built without external
 * buffers, so vector_get_data always returns a fresh copy, and DuckDB's result_get_chunk copies
 * the chunk out of the result first; per 2,048-row chunk these two are about 85% of the time
 * spent here. Measured slower on 2 cores, against the plain scan in the same run: streaming the
 * chunks (one event-loop round trip per chunk); reading the files in parts on several
 * connections with asynchronous chunk fetches (about twice the CPU); one row per file of list()
 * columns (the aggregate costs more than the copies it saves, and keeps no row order without a
 * sort); hyparquet decoding the same three columns (alone slower than this whole read); narrower
 * column types or the bucket and DMA packed into one column (no gain in CPU).
 * Measured again on the benchmark's lake (2,937,359 rows in 217 daily files), minima of 7-15
 * interleaved runs against the plain scan in the same process, on 2 cores shared with other work
 * (load 4-7), wall s / user CPU s:
 * - Where the time goes: the query alone (materialised, nothing copied to JS) is 1.0-1.4x the
 *   scan; result_get_chunk adds about 0.5x, vector_get_data 0.3x, the copy into place 0.25x.
 *   A read takes 3,000-17,000 minor page faults (0.01-0.04 s system CPU) that the scan does not:
 *   glibc malloc settings (MALLOC_TRIM_THRESHOLD_, MALLOC_TOP_PAD_, MALLOC_ARENA_MAX) do not
 *   change them, forcing minor GCs during the read doubles them, and vector_get_data alone on a
 *   warm heap takes none, so they come from DuckDB's side of the transfer and the timing of GC.
 * - Garbage collection: each read leaves about 59 MB of short-lived Buffers from vector_get_data,
 *   and V8 answers with one or two mark-compacts per read ("GC in old space requested" with the
 *   heap flat at 63 MB): in a process holding the post-log, as the benchmark's, a CPU profile of
 *   eight reads gave 282 ms to the collector, about a third of the read; with a small heap they
 *   cost a few ms. The binding offers no way to copy without a fresh Buffer. It is V8's growth
 *   heuristic for a heap this size: in the same process, the read's user CPU, usually
 *   0.164-0.193 s (0.072-0.084 s in 2 runs of 8), was 0.093-0.096 s with
 *   v8.setFlagsFromString('--heap-growing-percent=300') and 0.076-0.094 s with node
 *   --initial-old-space-size=512, the scan unchanged (wall ratio under load 7: 3.1-8.3x without,
 *   2.5x and 3.0-4.7x with them); --no-memory-reducer and the semi-space size did not help.
 *   A process-wide GC setting belongs to the process that runs the read, not to this adapter.
 * - The raw bindings with no node-api chunk objects, the chunk count read once and each vector
 *   copied as bytes without a typed-array view per chunk: 0.165 vs 0.194 and 0.150 vs 0.150
 *   wall, 0.094-0.118 vs 0.097-0.123 CPU (noise; not kept). Streaming through the raw fetch_chunk:
 *   0.129 vs 0.089 CPU; fetch_chunk on the materialised result (no copy of the chunk, but one
 *   event-loop round trip each): 0.145 vs 0.119 wall. The binding has no fetch of several chunks
 *   at once; the output arrays are already reused (ColumnPool). Without insertion order (another
 *   result collector, only to see whether it copies cheaper): the same chunk cost.
 * - Fewer bytes from SQL: the minute offset times 1,024 plus the DMA in one INTEGER (12 bytes a
 *   row instead of 20, unpacked in JS): 0.132 vs 0.099 CPU (the arithmetic in SQL costs more than
 *   the copies it saves); one DOUBLE[3] per row (one vector per chunk, split in JS): 0.138 vs 0.106.
 *   Run-length or delta forms need the file's row order in SQL: list(... ORDER BY
 *   file_row_number) per file is 0.127 s = 4.4x the scan before anything is copied.
 * - list() per file without an order: the query alone is 0.064 s = 2.2x the scan.
 * - The DMA code: the regular expression is cheap (DuckDB evaluates it per dictionary entry):
 *   0.032 s for that column alone vs 0.034 with TRY_CAST and 0.091 with a text comparison.
 * - The files in 2-16 parts, each part's query running while the previous part is copied:
 *   0.156-0.223 vs 0.120 s (0.127-0.169 vs 0.097 CPU).
 * - The Parquet layout: the read's excess over the scan is the transfer, which does not depend
 *   on the file's encoding; a faster decode takes the same time off both and raises the ratio.
 * - On a Firecracker VM with costly page faults and system calls (2026-11-27: scan 0.062 s, read
 *   0.27-0.33 s, 4.3-5.3x), a CPU profile of 21 reads gave result_get_chunk 160 ms of each read,
 *   and the call costs the same (about 140 µs) when it fetches chunk 0 every time: the price is
 *   per chunk (a fresh DataChunk allocated and its blocks pinned), not per byte. Half the bytes
 *   (the minute offset as INTEGER, the DMA as SMALLINT, the value as FLOAT) took as long;
 *   fetch_chunk on a streamed result 0.29 s (one event-loop round trip per chunk); list() per file
 *   0.19 s before any copy; parquet-wasm (Arrow from WebAssembly, one thread) 0.32 s. The chunks
 *   are freed only when V8 collects their wrappers: a 1-2 MB young generation
 *   (--max-semi-space-size) collects them sooner (page faults 12,600 → 4,800, read 0.23-0.26 s),
 *   again a setting of the whole process.
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

/**
 * A plain DuckDB scan of a client's visit files (count and sum of the metric in the range, with
 * aggregates that make DuckDB decode the bucket and DMA columns too; no transfer to JS): the
 * baseline the benchmark compares the columnar read with, over the same rows and columns
 * (visitsScanSql).
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
