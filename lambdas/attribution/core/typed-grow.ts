/**
 * A copy of `a` with room for `capacity` elements (the first `a.length` copied, the rest 0): how
 * the engine's append-only logs (deduction-log.ts, overlap-log.ts) grow when full.
 */
export function grown<T extends Int32Array | Float64Array | Uint8Array>(a: T, capacity: number): T {
  const out = (
    a instanceof Int32Array
      ? new Int32Array(capacity)
      : a instanceof Uint8Array
        ? new Uint8Array(capacity)
        : new Float64Array(capacity)
  ) as T;
  out.set(a);
  return out;
}
