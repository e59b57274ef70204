import type { CallSearchHit } from '#shared/contracts/call-record';
import type { CallCentreDeps } from './ports';

/** spec §7 "result list": the most hits one search returns. */
export const SEARCH_LIMIT = 50;

/**
 * GET cls_search (spec §7: search_text; result list). The schema has already refused empty text
 * (spec §5 "Search needs non-empty text").
 *
 * Steps: 1. Ask the store for names containing every word (word prefixes, case-insensitive).
 * 2. Return at most SEARCH_LIMIT hits, best first (names starting with the text, then airings).
 */
export async function searchRecords(
  deps: Pick<CallCentreDeps, 'records'>,
  input: { search_text: string },
): Promise<CallSearchHit[]> {
  const hits = await deps.records.search(input.search_text, SEARCH_LIMIT);
  return hits.slice(0, SEARCH_LIMIT);
}
