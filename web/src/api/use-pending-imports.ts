import useSWR from 'swr';
import {
  type PendingImportsResult,
  pendingImportsResultSchema,
} from '#shared/contracts/postlog.schema';
import { ApiError, callRoute } from './client';

/** How often the list of imports waiting for review is refreshed, in milliseconds. */
export const PENDING_POLL_MS = 30_000;

/**
 * A client's imports waiting in review (GET pending_imports): files with row errors, nothing
 * applied, from a browser upload or a post-log drop. Refreshed every 30 s, so a file dropped
 * while the page is open shows up. Key `['pending_imports', { client_uid }]`; no client -> no
 * request.
 */
export function usePendingImports(clientUid: string | undefined) {
  return useSWR(
    clientUid ? (['pending_imports', { client_uid: clientUid }] as const) : null,
    async ([name, input]): Promise<PendingImportsResult> => {
      const parsed = pendingImportsResultSchema.safeParse(await callRoute<unknown>(name, input));
      if (!parsed.success)
        throw new ApiError('The imports waiting for review could not be read.', 'invalid', 200);
      return parsed.data;
    },
    // No previous data: another client's files must never show under this one.
    { revalidateOnFocus: true, refreshInterval: PENDING_POLL_MS },
  );
}
