/**
 * `xs.map(f)`, always as a packed array (elements kind PACKED_ELEMENTS: no holes), for the
 * per-market and per-station lists the split's hot loops index (`zones[mi]`, `entryMul[mi]`).
 * Array.prototype.map gives a holey array whenever its fast path gives up part way, which on the
 * accuracy bench's hourly runs happened in about one run in three. A loop V8 had optimised for
 * the packed array's map then met the holey one, was deoptimised ("wrong map") and ran
 * unoptimised until it was compiled again: the response split's regression, divide and daypart
 * sums every few runs. Appending to an empty array never leaves a hole.
 * Elements are objects (typed arrays included), strings, null or undefined: a list of numbers
 * would take another elements kind.
 */
export function packedMap<T, U extends object | string | null | undefined>(
  xs: ArrayLike<T>,
  f: (x: T, i: number) => U,
): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i] as T, i));
  return out;
}
