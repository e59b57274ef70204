/**
 * Index of `value` in `list`, appending it (and recording its index in `index`) the first time
 * it is seen: dictionary-codes strings such as DMA codes or location ids, so that millions of rows
 * carry a small integer each instead of a string.
 */
export function intern(list: string[], index: Map<string, number>, value: string): number {
  let i = index.get(value);
  if (i === undefined) {
    i = list.length;
    list.push(value);
    index.set(value, i);
  }
  return i;
}
