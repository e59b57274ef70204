import useSWR from 'swr';
import {
  type ConnectionStartResult,
  connectionStartResultSchema,
} from '#shared/contracts/connections.schema';
import { ApiError, callRoute } from './client';

/**
 * How long a fetched Google sign-in address is used before a fresh one is asked for, in
 * milliseconds: the server keeps its PKCE verifier 15 minutes, so a page left open longer must
 * not send the visitor to Google with an expired `state`.
 */
export const AUTHORIZE_URL_FRESH_MS = 10 * 60 * 1000;

/** connection_start checked against the shared contract. @throws ApiError */
export async function startConnection(input: {
  xrg: string;
  cid: string;
}): Promise<ConnectionStartResult & { fetched_at: number }> {
  const parsed = connectionStartResultSchema.safeParse(
    await callRoute<unknown>('connection_start', input),
  );
  if (!parsed.success)
    throw new ApiError('This connection link could not be read.', 'invalid_connection', 200);
  return { ...parsed.data, fetched_at: Date.now() };
}

/**
 * The connection request behind a link (public route connection_start, { xrg, cid }): the
 * client's name and the Google sign-in address, with the time it was fetched (ms since epoch).
 * No link -> no request; a failure is not retried (an expired link stays expired).
 * Key `['connection_start', { xrg, cid }]`.
 */
export function useConnectionStart(link: { xrg: string; cid: string } | null) {
  return useSWR(
    link ? (['connection_start', link] as const) : null,
    ([, input]) => startConnection(input),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    },
  );
}
