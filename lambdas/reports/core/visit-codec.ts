import type { DigitalColumnsResult, VisitColumnsResult } from './ports';

/**
 * Binary form of visit columns for the Extract -> Attribute hand-over through the reports bucket
 * (millions of rows: JSON would be several times larger and slower).
 * Layout (little-endian): u32 header length, header JSON `{ n, dmas }`, padding to 8 bytes,
 * f64 values[n], u32 bucketUtc[n] (epoch seconds fit u32 until 2106), u16 dmaIndex[n].
 */
export function encodeVisits(cols: VisitColumnsResult): Uint8Array {
  const n = cols.bucketUtc.length;
  const dmas: string[] = [];
  const index = new Map<string, number>();
  const dmaIndex = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const code = cols.dmaCode[i] ?? '';
    let k = index.get(code);
    if (k === undefined) {
      k = dmas.push(code) - 1;
      if (k > 0xffff) throw new RangeError('encodeVisits: more than 65,536 distinct DMA codes');
      index.set(code, k);
    }
    dmaIndex[i] = k;
  }
  const header = new TextEncoder().encode(JSON.stringify({ n, dmas }));
  const valuesAt = align8(4 + header.length);
  const bucketsAt = valuesAt + n * 8;
  const dmaAt = bucketsAt + n * 4;
  const out = new Uint8Array(dmaAt + n * 2);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  new Float64Array(out.buffer, valuesAt, n).set(cols.values);
  const buckets = new Uint32Array(out.buffer, bucketsAt, n);
  for (let i = 0; i < n; i++) buckets[i] = cols.bucketUtc[i] as number;
  out.set(new Uint8Array(dmaIndex.buffer), dmaAt);
  return out;
}

/**
 * Inverse of {@link encodeVisits}.
 * @throws RangeError when the bytes are not an encoded visits object.
 */
export function decodeVisits(bytes: Uint8Array): VisitColumnsResult {
  const copy = new Uint8Array(bytes); // own, aligned buffer
  const view = new DataView(copy.buffer);
  if (copy.length < 4) throw new RangeError('decodeVisits: truncated');
  const headerLength = view.getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(copy.subarray(4, 4 + headerLength))) as {
    n: number;
    dmas: string[];
  };
  const { n, dmas } = header;
  const valuesAt = align8(4 + headerLength);
  const bucketsAt = valuesAt + n * 8;
  const dmaAt = bucketsAt + n * 4;
  if (copy.length !== dmaAt + n * 2) throw new RangeError('decodeVisits: wrong length');
  const values = new Float64Array(copy.buffer.slice(valuesAt, bucketsAt));
  const bucketUtc = Float64Array.from(new Uint32Array(copy.buffer, bucketsAt, n));
  const dmaIndex = new Uint16Array(copy.buffer.slice(dmaAt, dmaAt + n * 2));
  const dmaCode = new Array<string>(n);
  for (let i = 0; i < n; i++) dmaCode[i] = dmas[dmaIndex[i] as number] ?? '';
  return { bucketUtc, dmaCode, values };
}

function align8(x: number): number {
  return Math.ceil(x / 8) * 8;
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
  const k = DIGITAL_COLUMNS.length;
  const n = cols.bucketUtc.length;
  const dmas: string[] = [];
  const index = new Map<string, number>();
  const dmaIndex = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const code = cols.dmaCode[i] ?? '';
    let d = index.get(code);
    if (d === undefined) {
      d = dmas.push(code) - 1;
      if (d > 0xffff) throw new RangeError('encodeDigital: more than 65,536 distinct DMA codes');
      index.set(code, d);
    }
    dmaIndex[i] = d;
  }
  const header = new TextEncoder().encode(JSON.stringify({ n, dmas, k }));
  const valuesAt = align8(4 + header.length);
  const bucketsAt = valuesAt + k * n * 8;
  const dmaAt = bucketsAt + n * 4;
  const out = new Uint8Array(dmaAt + n * 2);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  DIGITAL_COLUMNS.forEach((name, c) => {
    new Float64Array(out.buffer, valuesAt + c * n * 8, n).set(cols[name]);
  });
  const buckets = new Uint32Array(out.buffer, bucketsAt, n);
  for (let i = 0; i < n; i++) buckets[i] = cols.bucketUtc[i] as number;
  out.set(new Uint8Array(dmaIndex.buffer), dmaAt);
  return out;
}

/**
 * Inverse of {@link encodeDigital}.
 * @throws RangeError when the bytes are not an encoded Pro Digital object.
 */
export function decodeDigital(bytes: Uint8Array): DigitalColumnsResult {
  const copy = new Uint8Array(bytes);
  const view = new DataView(copy.buffer);
  if (copy.length < 4) throw new RangeError('decodeDigital: truncated');
  const headerLength = view.getUint32(0, true);
  const { n, dmas, k } = JSON.parse(
    new TextDecoder().decode(copy.subarray(4, 4 + headerLength)),
  ) as { n: number; dmas: string[]; k: number };
  if (k !== DIGITAL_COLUMNS.length) throw new RangeError('decodeDigital: wrong column count');
  const valuesAt = align8(4 + headerLength);
  const bucketsAt = valuesAt + k * n * 8;
  const dmaAt = bucketsAt + n * 4;
  if (copy.length !== dmaAt + n * 2) throw new RangeError('decodeDigital: wrong length');
  const column = (c: number) =>
    new Float64Array(copy.buffer.slice(valuesAt + c * n * 8, valuesAt + (c + 1) * n * 8));
  const dmaIndex = new Uint16Array(copy.buffer.slice(dmaAt, dmaAt + n * 2));
  const dmaCode = new Array<string>(n);
  for (let i = 0; i < n; i++) dmaCode[i] = dmas[dmaIndex[i] as number] ?? '';
  return {
    bucketUtc: Float64Array.from(new Uint32Array(copy.buffer, bucketsAt, n)),
    dmaCode,
    sessions: column(0),
    newUsers: column(1),
    engagedSessions: column(2),
    engagementS: column(3),
  };
}
