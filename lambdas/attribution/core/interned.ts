/**
 * `text` itself the first time `seen` meets it, and that first string every time after (no table:
 * `text`). Readers of airings keep one string per call sign this way: every airing of a station
 * then carries the same string, which the engine's station lookups (placeAirings' keys) find by
 * its cached hash and identity instead of hashing and comparing fresh characters, and a schedule
 * of 100k airings keeps a few hundred strings instead of 100k.
 */
export function interned(seen: Map<string, string> | undefined, text: string): string {
  if (!seen) return text;
  const first = seen.get(text);
  if (first !== undefined) return first;
  seen.set(text, text);
  return text;
}
