import type { ColumnMetaData, DataReader, PageHeader } from 'hyparquet';
import { decompressPage } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { readPlain } from 'hyparquet/src/plain.js';
import { readVarInt } from 'hyparquet/src/thrift.js';
import { intern } from '#shared/intern';

/*
 * The page level of readFlatColumns (parquet-flat-columns.ts): a dictionary or data page of a
 * flat column decoded into values it places into typed arrays.
 */

/**
 * Thrown when a file holds a column this reader does not decode (missing, nested, repeated, a
 * logical type such as TIMESTAMP or DECIMAL, an encoding other than PLAIN or dictionary, a codec
 * other than none or Snappy): the caller reads the file another way (DuckDB), which reads them all.
 */
export class UnsupportedParquetLayout extends Error {
  override readonly name = 'UnsupportedParquetLayout';
}

/** One decoded data page: its values placed into an output at a row offset. */
export interface PageValues {
  toNumbers(out: Float64Array, at: number, nullAs: number): void;
  toCodes(out: Int32Array, at: number, texts: string[], codeOf: Map<string, number>): void;
}

/** A dictionary page's entries, as numbers (numeric column) or strings (text column). */
export type Dictionary = Float64Array | string[];

const utf8 = new TextDecoder();

/** A dictionary page (PLAIN values) decoded once: numbers as doubles, text as strings. */
export function readDictionary(
  bytes: Uint8Array,
  header: PageHeader,
  meta: ColumnMetaData,
): Dictionary {
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

/**
 * Decodes a data page (v1 or v2) of a flat column into its definition levels and value source.
 * @param remaining values of the column chunk not yet placed: a page claiming more is malformed
 * @throws UnsupportedParquetLayout for an encoding other than PLAIN or dictionary; Error when the
 *   page is malformed.
 */
export function readDataPage(
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
    /** Writes table[index] of every row (`nullValue` for a null) into `out` from row `at`. */
    const place = <T extends Float64Array | Int32Array>(
      table: T,
      out: T,
      at: number,
      nullValue: number,
    ) => {
      if (direct) return lookUp(runs, width, count, table, out, at);
      const index = indexes();
      for (let i = 0, k = 0; i < count; i++) {
        if (nulls && !defined[i]) {
          out[at + i] = nullValue;
          continue;
        }
        const j = index[k++] as number;
        if (j >= size) throw outOfRange();
        out[at + i] = table[j] as number;
      }
    };
    return {
      count,
      toNumbers: (out, at, nullAs) => place(dictionary as Float64Array, out, at, nullAs),
      toCodes: (out, at, texts, codeOf) => {
        const remap = Int32Array.from(dictionary as string[], (text) =>
          intern(texts, codeOf, text),
        );
        place(remap, out, at, -1);
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
          !nulls || defined[i] ? intern(texts, codeOf, utf8.decode(values[k++] as Uint8Array)) : -1;
    },
  };
}

export function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
