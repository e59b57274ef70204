import type { DigitalColumnsResult, VisitColumnsResult } from './ports';

/**
 * Binary form of visit columns for the Extract -> Attribute hand-over through the reports bucket
 * (millions of rows: JSON would be several times larger and slower).
 * Layout (little-endian): u32 header length, header JSON `{ n, dmas }`, padding to 8 bytes,
 * f64 values[n], u32 bucketUtc[n] (epoch seconds fit u32 until 2106), u16 dmaIndex[n].
 * @throws RangeError for more than 65,536 distinct DMA codes.
 */
export function encodeVisits(cols: VisitColumnsResult): Uint8Array {
  return encodeColumns('encodeVisits', cols, [cols.values]);
}

/**
 * Inverse of {@link encodeVisits}.
 * @throws RangeError when the bytes are not an encoded visits object.
 */
export function decodeVisits(bytes: Uint8Array): VisitColumnsResult {
  const { bucketUtc, dmaIndex, dmaCodes, columns } = decodeColumns('decodeVisits', bytes);
  return { bucketUtc, dmaIndex, dmaCodes, values: columns[0] as Float64Array };
}

/** The value columns of a Pro Digital work object, in stored order. */
const DIGITAL_COLUMNS = ['sessions', 'newUsers', 'engagedSessions', 'engagementS'] as const;

/**
 * Binary form of the Pro Digital metrics (Extract -> Attribute), like {@link encodeVisits} with
 * four f64 value columns (sessions, new users, engaged sessions, engagement seconds; NaN = not
 * measured) before the u32 buckets and u16 DMA indexes. Header JSON `{ n, dmas, k: 4 }`.
 * @throws RangeError for more than 65,536 distinct DMA codes.
 */
export function encodeDigital(cols: DigitalColumnsResult): Uint8Array {
  return encodeColumns(
    'encodeDigital',
    cols,
    DIGITAL_COLUMNS.map((name) => cols[name]),
    DIGITAL_COLUMNS.length,
  );
}

/**
 * Inverse of {@link encodeDigital}.
 * @throws RangeError when the bytes are not an encoded Pro Digital object.
 */
export function decodeDigital(bytes: Uint8Array): DigitalColumnsResult {
  const { bucketUtc, dmaIndex, dmaCodes, columns } = decodeColumns(
    'decodeDigital',
    bytes,
    DIGITAL_COLUMNS.length,
  );
  return {
    bucketUtc,
    dmaIndex,
    dmaCodes,
    sessions: columns[0] as Float64Array,
    newUsers: columns[1] as Float64Array,
    engagedSessions: columns[2] as Float64Array,
    engagementS: columns[3] as Float64Array,
  };
}

/**
 * The layout both work objects share: u32 header length, header JSON `{ n, dmas }` (and `k` when
 * given; `dmas` = the columns' dmaCodes as they are), padding to 8 bytes, each f64 column of
 * `columns` in turn, u32 buckets, u16 DMA indexes.
 * @throws RangeError naming `what` for more than 65,536 DMA codes, or a row whose dmaIndex is not
 *   a position in dmaCodes.
 */
function encodeColumns(
  what: string,
  rows: { bucketUtc: Float64Array; dmaIndex: Int32Array | Uint16Array; dmaCodes: string[] },
  columns: readonly Float64Array[],
  k?: number,
): Uint8Array {
  const n = rows.bucketUtc.length;
  const dmas = rows.dmaCodes;
  if (dmas.length > 0x10000) throw new RangeError(`${what}: more than 65,536 distinct DMA codes`);
  const dmaIndex = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const d = rows.dmaIndex[i] as number;
    if (!(d >= 0 && d < dmas.length)) {
      throw new RangeError(`${what}: row ${i} has dmaIndex ${d}, not one of ${dmas.length} codes`);
    }
    dmaIndex[i] = d;
  }
  // JSON.stringify leaves `k` out when it is undefined: the visits header is `{ n, dmas }`.
  const header = new TextEncoder().encode(JSON.stringify({ n, dmas, k }));
  const valuesAt = align8(4 + header.length);
  const bucketsAt = valuesAt + columns.length * n * 8;
  const dmaAt = bucketsAt + n * 4;
  const out = new Uint8Array(dmaAt + n * 2);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  columns.forEach((column, c) => {
    new Float64Array(out.buffer, valuesAt + c * n * 8, n).set(column);
  });
  const buckets = new Uint32Array(out.buffer, bucketsAt, n);
  for (let i = 0; i < n; i++) buckets[i] = rows.bucketUtc[i] as number;
  out.set(new Uint8Array(dmaIndex.buffer), dmaAt);
  return out;
}

/**
 * Inverse of {@link encodeColumns}: `k` columns checked against the header's `k`, or one column
 * when `k` is not given (the visits header has none).
 * @throws RangeError naming `what` when the bytes are truncated, of another column count or of
 *   the wrong length.
 */
function decodeColumns(what: string, bytes: Uint8Array, k?: number) {
  const copy = new Uint8Array(bytes); // own, aligned buffer
  const view = new DataView(copy.buffer);
  if (copy.length < 4) throw new RangeError(`${what}: truncated`);
  const headerLength = view.getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(copy.subarray(4, 4 + headerLength))) as {
    n: number;
    dmas: string[];
    k?: number;
  };
  const { n, dmas } = header;
  if (k !== undefined && header.k !== k) throw new RangeError(`${what}: wrong column count`);
  const count = k ?? 1;
  const valuesAt = align8(4 + headerLength);
  const bucketsAt = valuesAt + count * n * 8;
  const dmaAt = bucketsAt + n * 4;
  if (copy.length !== dmaAt + n * 2) throw new RangeError(`${what}: wrong length`);
  const columns = Array.from(
    { length: count },
    (_, c) => new Float64Array(copy.buffer.slice(valuesAt + c * n * 8, valuesAt + (c + 1) * n * 8)),
  );
  const dmaIndex = new Uint16Array(copy.buffer.slice(dmaAt, dmaAt + n * 2));
  for (let i = 0; i < n; i++) {
    if ((dmaIndex[i] as number) >= dmas.length) throw new RangeError(`${what}: bad DMA index`);
  }
  return {
    bucketUtc: Float64Array.from(new Uint32Array(copy.buffer, bucketsAt, n)),
    dmaIndex,
    dmaCodes: dmas,
    columns,
  };
}

function align8(x: number): number {
  return Math.ceil(x / 8) * 8;
}
