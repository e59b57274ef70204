import type { CallSearchHit } from '#shared/contracts/call-record';

/**
 * Name search rules shared by the record stores (CallRecordStore.search): a name matches when
 * every word of the text is the start of one of the name's words, case-insensitive.
 */

/** Most words of one name that are indexed. */
export const MAX_NAME_TOKENS = 20;

/** The lower-case words of `text` (letters and digits; accents folded), unique, in order. */
export function words(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** The words of a name that the search index holds. */
export function nameTokens(name: string): string[] {
  return words(name).slice(0, MAX_NAME_TOKENS);
}

/** True when every word of the search is a prefix of some word of `name`. */
export function nameMatches(name: string, searchWords: readonly string[]): boolean {
  const tokens = words(name);
  return searchWords.every((w) => tokens.some((t) => t.startsWith(w)));
}

/** A hit with what ranking needs. */
export type RankedHit = CallSearchHit & { airings: number };

/**
 * Orders hits best first: names starting with the search text, then most airings, then name;
 * at most `limit`, without the ranking field.
 */
export function rankHits(hits: readonly RankedHit[], text: string, limit: number): CallSearchHit[] {
  const start = words(text).join(' ');
  const startsWith = (h: RankedHit) => (words(h.name).join(' ').startsWith(start) ? 0 : 1);
  return [...hits]
    .sort(
      (a, b) =>
        startsWith(a) - startsWith(b) || b.airings - a.airings || a.name.localeCompare(b.name),
    )
    .slice(0, limit)
    .map(({ id, name, industry, status_text }) => ({ id, name, industry, status_text }));
}
