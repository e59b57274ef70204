import type { VisitColumnsResult } from './ports';

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
