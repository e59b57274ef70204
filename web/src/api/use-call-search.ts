import useSWR from 'swr';
import type { CallSearchHit } from '#shared/contracts/call-record';
import { callRoute } from './client';

/**
 * Advertisers matching `searchText` (route cls_search, GET {search_text}; spec §7 "Call
 * centre"). Blank text sends nothing (spec §5 "Search needs non-empty text"): the key is null.
 * Key `['cls_search', { search_text }]`; the previous hits stay while the next search runs.
 */
export function useCallSearch(searchText: string) {
  const text = searchText.trim();
  return useSWR(
    text ? (['cls_search', { search_text: text }] as const) : null,
    ([name, input]) => callRoute<CallSearchHit[]>(name, input),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
