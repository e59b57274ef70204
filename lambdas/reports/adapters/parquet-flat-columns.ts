import type { ColumnMetaData, DataReader, FileMetaData, SchemaElement } from 'hyparquet';
import { parquetMetadata, parquetSchema } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import {
  type Dictionary,
  type PageValues,
  readDataPage,
  readDictionary,
  UnsupportedParquetLayout,
  viewOf,
} from './parquet-pages';

export { UnsupportedParquetLayout } from './parquet-pages';

/** A text column dictionary-coded: row i is texts[codes[i]], or null where codes[i] is -1. */
export interface TextColumn {
  codes: Int32Array;
  texts: string[];
}

/** The columns to read: numeric ones with the number a null reads as, then text ones. */
export interface FlatColumnRequest {
  numbers: readonly { name: string; nullAs: number }[];
  texts: readonly string[];
}

/**
 * Arrays to decode into, from row `at` on (each at least `at` + the file's rows long), so that a
 * read of many files fills one set of arrays with no copy per file.
 */
export interface FlatColumnTargets {
  numbers: Float64Array[];
  texts: Int32Array[];
  at: number;
}

/**
 * Flat columns of one Parquet file, in row order and in request order: each numeric column as
 * doubles (INT32 and INT64 exact up to 2^53), each text column dictionary-coded.
 */
export interface FlatColumns {
  rows: number;
  numbers: Float64Array[];
  texts: TextColumn[];
}

/**
 * Numeric physical types read, unannotated or as signed integers (DuckDB marks BIGINT INT_64);
 * text must be UTF-8 or unannotated.
 */
const NUMERIC = new Set(['DOUBLE', 'FLOAT', 'INT32', 'INT64']);
const SIGNED_INTEGER = new Set(['INT_8', 'INT_16', 'INT_32', 'INT_64']);

/**
 * Reads top-level columns of a Parquet file straight into typed arrays, page by page: the file's
 * metadata, page headers, Snappy pages, run-length/bit-packed levels and indices and PLAIN text
 * are decoded by hyparquet's own functions; this adds the placing of values into typed arrays,
 * with no array of JS values per page (hyparquet's row assembly costs more than its decoding on a
 * 3M-row read) and no BigInt per INT64 value. A dictionary page becomes numbers or strings once,
 * so a dictionary-coded column (what DuckDB and hyparquet-writer write for repetitive values)
 * costs one array lookup a row.
 * @param file the whole file's bytes
 * @param request numeric columns (DOUBLE, FLOAT, INT32, INT64; integers signed) and UTF-8 text
 *   columns (BYTE_ARRAY)
 * @param into arrays to fill from a row on (default: fresh arrays of the file's rows); the result's
 *   arrays are then views of them
 * @param metadata the file's metadata when already parsed (hyparquet's parquetMetadata)
 * @throws UnsupportedParquetLayout when a column is missing or laid out as above; Error when the
 *   file is malformed (from hyparquet, or a dictionary index or page out of range).
 */
export function readFlatColumns(
  file: Uint8Array,
  request: FlatColumnRequest,
  into?: FlatColumnTargets,
  metadata: FileMetaData = parquetMetadata(file),
): FlatColumns {
  const rows = Number(metadata.num_rows);
  const at = into?.at ?? 0;
  const numbers = request.numbers.map(({ name, nullAs }, k) => {
    const values = into?.numbers[k] ?? new Float64Array(rows);
    if (values.length < at + rows)
      throw new RangeError(`readFlatColumns: ${name} target too short`);
    readColumn(file, metadata, name, 'number', (row, page) =>
      page.toNumbers(values, at + row, nullAs),
    );
    return values.subarray(at, at + rows);
  });
  const texts = request.texts.map((name, k) => {
    const codes = into?.texts[k] ?? new Int32Array(rows);
    if (codes.length < at + rows) throw new RangeError(`readFlatColumns: ${name} target too short`);
    const texts: string[] = [];
    const codeOf = new Map<string, number>();
    readColumn(file, metadata, name, 'text', (row, page) =>
      page.toCodes(codes, at + row, texts, codeOf),
    );
    return { codes: codes.subarray(at, at + rows), texts };
  });
  return { rows, numbers, texts };
}

/** The top-level schema element of a column, checked for what this reader decodes. */
function flatElement(metadata: FileMetaData, name: string, kind: 'number' | 'text'): SchemaElement {
  // Only a top-level leaf is flat: a group's leaves sit below it in hyparquet's schema tree.
  const node = parquetSchema(metadata).children.find((c) => c.element.name === name);
  const element = node?.element;
  if (!element) throw new UnsupportedParquetLayout(`column ${name} is not in the file`);
  if (element.num_children !== undefined || element.repetition_type === 'REPEATED')
    throw new UnsupportedParquetLayout(`column ${name} is nested or repeated`);
  if (kind === 'number') {
    const { converted_type: converted, logical_type: logical } = element;
    const signedInteger =
      (converted === undefined || SIGNED_INTEGER.has(converted)) &&
      (logical === undefined || (logical.type === 'INTEGER' && logical.isSigned));
    if (!NUMERIC.has(element.type ?? '') || !signedInteger)
      throw new UnsupportedParquetLayout(`column ${name} is not a plain number`);
  } else if (
    element.type !== 'BYTE_ARRAY' ||
    (element.converted_type !== undefined && element.converted_type !== 'UTF8') ||
    (element.logical_type !== undefined && element.logical_type.type !== 'STRING')
  ) {
    throw new UnsupportedParquetLayout(`column ${name} is not UTF-8 text`);
  }
  return element;
}

/** Calls `place` for every data page of a column, with the file row of its first value. */
function readColumn(
  file: Uint8Array,
  metadata: FileMetaData,
  name: string,
  kind: 'number' | 'text',
  place: (at: number, page: PageValues) => void,
): void {
  const element = flatElement(metadata, name, kind);
  const maxDefinition = element.repetition_type === 'OPTIONAL' ? 1 : 0;
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    const chunk = group.columns.find((c) => c.meta_data?.path_in_schema.join('.') === name);
    const meta = chunk?.meta_data;
    if (!meta || chunk?.file_path) throw new UnsupportedParquetLayout(`column ${name} not inline`);
    if (meta.codec !== 'UNCOMPRESSED' && meta.codec !== 'SNAPPY')
      throw new UnsupportedParquetLayout(`column ${name} is ${meta.codec}-compressed`);
    // A flat column has one value a row: more would be written over the next rows.
    if (meta.num_values !== group.num_rows)
      throw new Error(
        `parquet column ${name} has ${meta.num_values} values in ${group.num_rows} rows`,
      );
    if (groupStart + Number(group.num_rows) > Number(metadata.num_rows))
      throw new Error('parquet row groups hold more rows than the file');
    readChunk(file, meta, maxDefinition, (at, page) => place(groupStart + at, page));
    groupStart += Number(group.num_rows);
  }
}

/**
 * The largest page this reader decompresses: a page header is read before its size can be
 * checked against anything, and a hostile one could ask for gigabytes. Writers make pages of
 * about 1 MB.
 */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;

/** Decodes the pages of one column chunk. */
function readChunk(
  file: Uint8Array,
  meta: ColumnMetaData,
  maxDefinition: number,
  place: (at: number, page: PageValues) => void,
): void {
  const start = Number(meta.dictionary_page_offset ?? meta.data_page_offset);
  const end = start + Number(meta.total_compressed_size);
  if (start < 0 || end > file.byteLength) throw new Error('parquet column chunk out of the file');
  const reader: DataReader = { view: viewOf(file.subarray(start, end)), offset: 0 };
  const total = Number(meta.num_values);
  let dictionary: Dictionary | undefined;
  let seen = 0;
  while (seen < total) {
    if (reader.offset >= reader.view.byteLength) throw new Error('parquet column chunk truncated');
    const header = parquetHeader(reader);
    const pageEnd = reader.offset + header.compressed_page_size;
    if (pageEnd > reader.view.byteLength) throw new Error('parquet page runs past its chunk');
    const bytes = file.subarray(start + reader.offset, start + pageEnd);
    reader.offset = pageEnd;
    if (header.uncompressed_page_size > MAX_PAGE_BYTES) throw new Error('parquet page too large');
    if (header.type === 'DICTIONARY_PAGE') {
      dictionary = readDictionary(bytes, header, meta);
    } else if (header.type === 'DATA_PAGE' || header.type === 'DATA_PAGE_V2') {
      const page = readDataPage(bytes, header, meta, maxDefinition, dictionary, total - seen);
      place(seen, page);
      seen += page.count;
    } else if (header.type !== 'INDEX_PAGE') {
      throw new UnsupportedParquetLayout(`page type ${header.type}`);
    }
  }
}
