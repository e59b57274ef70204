import useSWR from 'swr';
import {
  type RatingsFilter,
  type TopTenSummaries,
  topTenSummariesSchema,
} from '#shared/contracts/ratings.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';

/** What the preview shows of one nowl_top_ten_summaries question. */
export type PreviewRatings =
  | { status: 'loading' }
  /** No ratings route on this stack yet, or nothing ever published. */
  | { status: 'missing' }
  /** The caller may not see this cut (403): the server's message names what unlocks it. */
  | { status: 'locked'; message: string }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: TopTenSummaries };

/**
 * Asks nowl_top_ten_summaries (POST, public; spec §7 "Benchmarks") and checks the answer against
 * the shared contract (layers/shared/contracts/ratings.schema.ts).
 * @throws ApiError from the route; `invalid_ratings` when the answer breaks the contract.
 */
export async function fetchTopTen(input: RatingsFilter): Promise<TopTenSummaries> {
  const raw = await callRoute<unknown>('nowl_top_ten_summaries', input);
  const parsed = topTenSummariesSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError('The ratings could not be read.', 'invalid_ratings', 200);
  return parsed.data;
}

/** A failed question as the preview shows it (see {@link PreviewRatings}). */
export function previewRatingsOfError(error: unknown): PreviewRatings {
  if (error instanceof ApiError && (error.code === 'unknown_route' || error.status === 404))
    return { status: 'missing' };
  if (error instanceof ApiError && error.status === 403)
    return { status: 'locked', message: error.message };
  return { status: 'error', message: errorMessage(error) };
}

/**
 * The top stations for the preview: `market` (a DMA code) or every market when null, formats
 * `all`, daypart `all` (open to anyone), narrowed to an industry's cohort when `industry` is given
 * (a gated cut: signed-out visitors get `locked`). `enabled` false asks nothing (the lists the
 * parameters are checked against are still loading).
 */
export function usePreviewRatings(
  market: string | null,
  industry: string | null,
  enabled = true,
): PreviewRatings {
  const input: RatingsFilter = {
    format: 'all',
    daypart: 'all',
    ...(market ? { market } : {}),
    ...(industry ? { industry } : {}),
  };
  const { data, error } = useSWR(
    enabled ? (['nowl_top_ten_summaries', input] as const) : null,
    ([, body]) => fetchTopTen(body),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  if (error) return previewRatingsOfError(error);
  if (!data) return { status: 'loading' };
  if (data.period === null) return { status: 'missing' };
  return { status: 'ready', data };
}
