import type {
  ColumnMetaData,
  DataReader,
  FileMetaData,
  PageHeader,
  SchemaElement,
} from 'hyparquet';
import { parquetMetadata } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { decompressPage } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { readPlain } from 'hyparquet/src/plain.js';
import { readVarInt } from 'hyparquet/src/thrift.js';

/**
 * Thrown when a file holds a column this reader does not decode (missing, nested, repeated, a
 * logical type such as TIMESTAMP or DECIMAL, an encoding other than PLAIN or dictionary, a codec
 * other than none or Snappy): the caller reads the file another way (DuckDB), which reads them all.
 */
export class UnsupportedParquetLayout extends Error {
  override readonly name = 'UnsupportedParquetLayout';
}

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

/** One decoded data page: its values placed into an output at a row offset. */
interface PageValues {
  toNumbers(out: Float64Array, at: number, nullAs: number): void;
  toCodes(out: Int32Array, at: number, texts: string[], codeOf: Map<string, number>): void;
}

/** The top-level schema element of a column, checked for what this reader decodes. */
function flatElement(metadata: FileMetaData, name: string, kind: 'number' | 'text'): SchemaElement {
  const root = metadata.schema[0];
  const children = metadata.schema.slice(1);
  let element: SchemaElement | undefined;
  // Only top-level leaves are flat; a group's children follow it in the flat schema list.
  for (let i = 0, top = 0; i < children.length && top < (root?.num_children ?? 0); top++) {
    const child = children[i] as SchemaElement;
    if (child.name === name) element = child;
    i += 1 + descendants(children, i);
  }
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

/** How many schema elements below element i of a flat schema list belong to it. */
function descendants(schema: readonly SchemaElement[], i: number): number {
  let count = 0;
  let open = schema[i]?.num_children ?? 0;
  let j = i + 1;
  while (open > 0 && j < schema.length) {
    open += (schema[j]?.num_children ?? 0) - 1;
    count++;
    j++;
  }
  return count;
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
    if (header.type === 'DICTIONARY_PAGE') {
      if (header.uncompressed_page_size > MAX_PAGE_BYTES) throw new Error('parquet page too large');
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

/** A dictionary page's entries, as numbers (numeric column) or strings (text column). */
type Dictionary = Float64Array | string[];

const utf8 = new TextDecoder();

function readDictionary(bytes: Uint8Array, header: PageHeader, meta: ColumnMetaData): Dictionary {
  const count = header.dictionary_page_header?.num_values ?? 0;
  const page = decompressPage(bytes, header.uncompressed_page_size, meta.codec, undefined);
  const reader = { view: viewOf(page), offset: 0 };
  if (meta.type !== 'BYTE_ARRAY') return readPlainNumbers(reader, meta.type, count);
  const values = readPlain(reader, meta.type, count, undefined) as Uint8Array[];
  return Array.from(values, (b) => utf8.decode(b));
}

/**
 * `count` PLAIN values of a numeric physical type as doubles. INT64 is read as two 32-bit halves
 * (exact up to 2^53), since a BigInt per value costs more than the rest of the decoding.
 */
function readPlainNumbers(reader: DataReader, type: string, count: number): Float64Array {
  const { view } = reader;
  const size = type === 'DOUBLE' || type === 'INT64' ? 8 : 4;
  const start = reader.offset;
  if (start + count * size > view.byteLength) throw new Error('parquet page too short');
  const out = new Float64Array(count);
  if (type === 'DOUBLE')
    for (let i = 0; i < count; i++) out[i] = view.getFloat64(start + i * 8, true);
  else if (type === 'FLOAT')
    for (let i = 0; i < count; i++) out[i] = view.getFloat32(start + i * 4, true);
  else if (type === 'INT32')
    for (let i = 0; i < count; i++) out[i] = view.getInt32(start + i * 4, true);
  else
    for (let i = 0; i < count; i++)
      out[i] =
        view.getInt32(start + i * 8 + 4, true) * 4_294_967_296 +
        view.getUint32(start + i * 8, true);
  reader.offset = start + count * size;
  return out;
}

/**
 * The largest page this reader decompresses: a page header is read before its size can be
 * checked against anything, and a hostile one could ask for gigabytes. Writers make pages of
 * about 1 MB.
 */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;

/** Index widths {@link lookUp} decodes (in 32-bit integer arithmetic); wider ones go through hyparquet. */
const MAX_DIRECT_WIDTH = 24;

const outOfRange = () => new Error('parquet dictionary index out of range');
const truncated = () => new Error('parquet dictionary indices end early');

/**
 * Decodes `count` dictionary indices of `width` bits (Parquet's run-length/bit-packed hybrid, no
 * length prefix) and writes table[index] for each into `out` from row `at`: the indices are never
 * stored (decoding them into an array first, then looking them up, took twice as long), and a
 * run of one index is one fill. Linear in the bytes and rows whatever they hold.
 * @param width 0-24 bits
 * @throws Error when an index is outside the table or the runs end before `count` values.
 */
function lookUp<T extends Float64Array | Int32Array>(
  runs: Uint8Array,
  width: number,
  count: number,
  table: T,
  out: T,
  at: number,
): void {
  const size = table.length;
  if (width === 0) {
    if (size === 0) throw outOfRange();
    out.fill(table[0] as number, at, at + count);
    return;
  }
  const mask = (1 << width) - 1;
  const valueBytes = (width + 7) >> 3;
  const end = runs.length;
  let p = 0;
  let seen = 0;
  while (seen < count) {
    let header = 0;
    for (let shift = 0; ; shift += 7) {
      if (p >= end || shift > 28) throw truncated();
      const byte = runs[p++] as number;
      header |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) break;
    }
    if (header & 1) {
      // Bit-packed: groups of 8 indices, `width` bytes a group, least significant bit first.
      const stop = p + (header >>> 1) * width;
      if (stop > end) throw truncated();
      const take = Math.min((header >>> 1) * 8, count - seen);
      let buffer = 0;
      let bits = 0;
      for (let v = 0; v < take; v++) {
        while (bits < width) {
          buffer |= (runs[p++] as number) << bits;
          bits += 8;
        }
        const j = buffer & mask;
        buffer >>>= width;
        bits -= width;
        if (j >= size) throw outOfRange();
        out[at + seen++] = table[j] as number;
      }
      p = stop;
    } else {
      // Run-length: one index, little-endian in whole bytes, repeated.
      if (p + valueBytes > end) throw truncated();
      let j = 0;
      for (let b = 0; b < valueBytes; b++) j |= (runs[p++] as number) << (8 * b);
      if (j >= size) throw outOfRange();
      const take = Math.min(header >>> 1, count - seen);
      out.fill(table[j] as number, at + seen, at + seen + take);
      seen += take;
    }
  }
}

/** Reused scratch arrays for definition levels and dictionary indices (grown as needed). */
let levels = new Uint8Array(0);
let indices = new Int32Array(0);

/**
 * The definition levels of an optional flat column's page (1 = a value, 0 = null), `length` bytes
 * of run-length/bit-packed hybrid, into `defined`; the reader ends after them.
 * @returns how many of the page's rows hold a value. A page with no null is usually one run of
 *   1s, recognised from its header without writing a level a row (that writing was a sixth of
 *   the read).
 */
function readDefinitions(reader: DataReader, defined: Uint8Array, length: number): number {
  const start = reader.offset;
  const run = readVarInt(reader);
  const whole = (run & 1) === 0 && run >>> 1 === defined.length;
  if (whole && reader.view.getUint8(reader.offset) === 1) {
    reader.offset = start + length;
    return defined.length;
  }
  reader.offset = start;
  readRleBitPackedHybrid(reader, 1, defined, length);
  if (defined.indexOf(0) === -1) return defined.length;
  let present = 0;
  for (let i = 0; i < defined.length; i++) present += defined[i] as number;
  return present;
}

/** Decodes a data page (v1 or v2) into its definition levels and value source. */
function readDataPage(
  bytes: Uint8Array,
  header: PageHeader,
  meta: ColumnMetaData,
  maxDefinition: number,
  dictionary: Dictionary | undefined,
  remaining: number,
): PageValues & { count: number } {
  const v2 = header.data_page_header_v2;
  const v1 = header.data_page_header;
  const count = v2 ? v2.num_values : (v1?.num_values ?? -1);
  const encoding = v2 ? v2.encoding : v1?.encoding;
  if (!(count >= 0 && count <= remaining))
    throw new Error('parquet page has more values than its chunk');
  if (header.uncompressed_page_size > MAX_PAGE_BYTES) throw new Error('parquet page too large');
  if (levels.length < count) levels = new Uint8Array(count * 2);
  const defined = levels.subarray(0, count);
  let present = count;
  let page: Uint8Array;
  let reader: DataReader;
  if (v2) {
    if (v2.repetition_levels_byte_length !== 0)
      throw new UnsupportedParquetLayout('repetition levels in a flat column');
    const levelBytes = v2.definition_levels_byte_length;
    if (maxDefinition > 0) {
      const levelReader = { view: viewOf(bytes.subarray(0, levelBytes)), offset: 0 };
      present = readDefinitions(levelReader, defined, levelBytes);
    }
    const body = bytes.subarray(levelBytes);
    page =
      v2.is_compressed === false
        ? body
        : decompressPage(body, header.uncompressed_page_size - levelBytes, meta.codec, undefined);
    reader = { view: viewOf(page), offset: 0 };
  } else {
    page = decompressPage(bytes, header.uncompressed_page_size, meta.codec, undefined);
    reader = { view: viewOf(page), offset: 0 };
    if (maxDefinition > 0 && v1?.definition_level_encoding !== 'RLE')
      throw new UnsupportedParquetLayout(`definition levels ${v1?.definition_level_encoding}`);
    if (maxDefinition > 0) {
      const length = reader.view.getUint32(reader.offset, true);
      reader.offset += 4;
      present = readDefinitions(reader, defined, length);
    }
  }
  const nulls = present !== count;

  if (encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY') {
    if (!dictionary) throw new Error('parquet dictionary page missing');
    const width = reader.view.getUint8(reader.offset++);
    if (width > 32) throw new Error(`parquet dictionary index width ${width}`);
    const runs = page.subarray(reader.offset);
    const direct = !nulls && width <= MAX_DIRECT_WIDTH;
    /** The page's indices, decoded by hyparquet into the scratch array (pages with nulls). */
    const indexes = (): Int32Array => {
      if (indices.length < present) indices = new Int32Array(present * 2);
      const index = indices.subarray(0, present);
      if (width === 0) index.fill(0);
      else readRleBitPackedHybrid({ view: viewOf(runs), offset: 0 }, width, index, runs.length);
      return index;
    };
    const size = dictionary.length;
    return {
      count,
      toNumbers(out, at, nullAs) {
        const dict = dictionary as Float64Array;
        if (direct) return lookUp(runs, width, count, dict, out, at);
        const index = indexes();
        for (let i = 0, k = 0; i < count; i++) {
          if (nulls && !defined[i]) {
            out[at + i] = nullAs;
            continue;
          }
          const j = index[k++] as number;
          if (j >= size) throw outOfRange();
          out[at + i] = dict[j] as number;
        }
      },
      toCodes(out, at, texts, codeOf) {
        const remap = Int32Array.from(dictionary as string[], (text) =>
          codeFor(text, texts, codeOf),
        );
        if (direct) return lookUp(runs, width, count, remap, out, at);
        const index = indexes();
        for (let i = 0, k = 0; i < count; i++) {
          if (nulls && !defined[i]) {
            out[at + i] = -1;
            continue;
          }
          const j = index[k++] as number;
          if (j >= size) throw outOfRange();
          out[at + i] = remap[j] as number;
        }
      },
    };
  }
  if (encoding !== 'PLAIN') throw new UnsupportedParquetLayout(`encoding ${encoding}`);
  if (meta.type !== 'BYTE_ARRAY') {
    const values = readPlainNumbers(reader, meta.type, present);
    return {
      count,
      toNumbers(out, at, nullAs) {
        if (!nulls) out.set(values, at);
        else
          for (let i = 0, k = 0; i < count; i++)
            out[at + i] = defined[i] ? (values[k++] as number) : nullAs;
      },
      toCodes() {
        throw new UnsupportedParquetLayout('numbers read as text');
      },
    };
  }
  const values = readPlain(reader, meta.type, present, undefined) as Uint8Array[];
  return {
    count,
    toNumbers() {
      throw new UnsupportedParquetLayout('text read as numbers');
    },
    toCodes(out, at, texts, codeOf) {
      for (let i = 0, k = 0; i < count; i++)
        out[at + i] =
          !nulls || defined[i]
            ? codeFor(utf8.decode(values[k++] as Uint8Array), texts, codeOf)
            : -1;
    },
  };
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The file-wide code of a text, added to the table when new. */
function codeFor(text: string, texts: string[], codeOf: Map<string, number>): number {
  let code = codeOf.get(text);
  if (code === undefined) {
    code = texts.length;
    texts.push(text);
    codeOf.set(text, code);
  }
  return code;
}
