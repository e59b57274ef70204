import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parquetMetadata } from 'hyparquet';
import type { VisitColumnsResult } from '../core/ports';
import { ColumnPool } from './duckdb-column-pool';
import { readFlatColumns } from './parquet-flat-columns';

/**
 * The DMA code list of a numeric read: index k is the code k as text, 0 the unknown geography
 * (''), up to the largest code read.
 */
export function numericDmaCodes(largest: number): string[] {
  return Array.from({ length: largest + 1 }, (_, k) => (k === 0 ? '' : String(k)));
}

/** A canonical DMA code: a decimal number of up to four digits with no leading zero. */
const CANONICAL_DMA = /^[1-9][0-9]{0,3}$/;

/**
 * Reads the visit rows of lake visits files (fromUtc <= bucket_utc < toUtc, epoch seconds UTC)
 * straight from their Parquet into typed arrays, with no query engine in between: the same rows,
 * order and values as DuckDB gives for visitsSql (files in the given order, rows in file order;
 * bucket_utc as a double, the metric with null read as 0, the DMA as its own number with '' and
 * null as 0). DuckDB hands rows over in 2,048-row chunks at a fixed cost each, which made its
 * read several times its own scan of the same files; the lake's columns are flat and
 * dictionary-coded, which readFlatColumns decodes page by page into the output arrays.
 * @param metric the visits column to read (METRIC_COLUMN of the attribution method)
 * @param pool output arrays kept from the previous read of the same caller, as for
 *   readVisitColumns: the previous result read with it becomes invalid.
 * @returns null when a file is laid out in a way readFlatColumns does not read (another codec or
 *   encoding, the metric missing, a malformed file) or holds a DMA code that is not canonical
 *   ('0501'): the caller then reads the files with DuckDB, which reads them all and gives its own
 *   error for a broken file.
 * @throws the file system's error when a file cannot be read.
 */
export function readParquetVisits(
  files: readonly string[],
  fromUtc: number,
  toUtc: number,
  metric: string,
  pool: ColumnPool = new ColumnPool(),
): VisitColumnsResult | null {
  const buffer = { bytes: new Uint8Array(1 << 20) };
  let bucketUtc = pool.atLeast<Float64Array>(0, false, 0, 0);
  let dmaIndex = pool.atLeast<Int32Array>(1, true, 0, 0);
  let values = pool.atLeast<Float64Array>(2, false, 0, 0);
  let n = 0;
  let largest = 0;
  for (const [f, path] of files.entries()) {
    const file = readWhole(path, buffer);
    let columns: ReturnType<typeof readFlatColumns>;
    try {
      const metadata = parquetMetadata(file);
      const rows = Number(metadata.num_rows);
      // Sized from the first file for all of them (days of a lake are alike), so that a read
      // without kept arrays seldom grows them.
      const capacity = f === 0 ? Math.ceil(rows * files.length * 1.1) : n + rows;
      bucketUtc = pool.atLeast(0, false, capacity, n);
      dmaIndex = pool.atLeast(1, true, capacity, n);
      values = pool.atLeast(2, false, capacity, n);
      columns = readFlatColumns(
        file,
        {
          numbers: [
            { name: 'bucket_utc', nullAs: Number.NaN },
            { name: metric, nullAs: 0 },
          ],
          texts: ['dma_code'],
        },
        { numbers: [bucketUtc, values], texts: [dmaIndex], at: n },
        metadata,
      );
    } catch {
      return null;
    }
    const texts = columns.texts[0]?.texts ?? [];
    const dmaOf = new Int32Array(texts.length);
    for (const [code, text] of texts.entries()) {
      if (text === '') continue;
      if (!CANONICAL_DMA.test(text)) return null;
      dmaOf[code] = Number(text);
    }
    // Rows are kept in place up to the first one out of range (usually every row of the file):
    // only their DMA codes are rewritten. From there on, the rows in range move down.
    const end = n + columns.rows;
    let i = n;
    while (i < end && (bucketUtc[i] as number) >= fromUtc && (bucketUtc[i] as number) < toUtc) i++;
    for (let r = n; r < i; r++) {
      const code = dmaIndex[r] as number;
      const dma = code < 0 ? 0 : (dmaOf[code] as number);
      if (dma > largest) largest = dma;
      dmaIndex[r] = dma;
    }
    n = i;
    for (; i < end; i++) {
      const bucket = bucketUtc[i] as number;
      if (!(bucket >= fromUtc && bucket < toUtc)) continue;
      const code = dmaIndex[i] as number;
      const dma = code < 0 ? 0 : (dmaOf[code] as number);
      if (dma > largest) largest = dma;
      bucketUtc[n] = bucket;
      dmaIndex[n] = dma;
      values[n] = values[i] as number;
      n++;
    }
  }
  return {
    bucketUtc: bucketUtc.subarray(0, n),
    dmaIndex: dmaIndex.subarray(0, n),
    dmaCodes: numericDmaCodes(largest),
    values: values.subarray(0, n),
  };
}

/**
 * A whole file read into `buffer` (grown when too small), returned as a view of it: valid until
 * the next read into the same buffer. Synchronous on purpose: lake files are small (about 0.5 MB
 * a day of minutes) and mostly in the page cache, and on 2 cores the promise API's thread-pool
 * round trip and fresh Buffer per file cost 5-7 times the reads themselves (38-53 ms against
 * 7 ms for 217 files).
 */
function readWhole(path: string, buffer: { bytes: Uint8Array }): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > buffer.bytes.length)
      buffer.bytes = new Uint8Array(Math.max(size, 2 * buffer.bytes.length));
    let at = 0;
    while (at < size) {
      const got = readSync(fd, buffer.bytes, at, size - at, at);
      if (got === 0) break;
      at += got;
    }
    return buffer.bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}
