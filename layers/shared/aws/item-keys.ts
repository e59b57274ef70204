/**
 * A single-table item without its key attributes (`pk`, `sk` and the `gsi1` index's `gsi1pk`,
 * `gsi1sk`): the record the adapter stored, as its port names it.
 */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...rest } = item;
  return rest as T;
}
