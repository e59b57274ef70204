import { ratingsPageInputSchema } from '#shared/contracts/ratings.schema';
import { publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { readDepsFromEnv } from '../adapters/ratings-deps';
import { ratingsPage } from '../core/ratings-page';
import type { ReadDeps } from '../core/read-model';

/**
 * POST /ss_rest/nowl_ratings (public, optional caller): one page of the ratings table
 * (core/ratings-page.ts). Format rows, dayparts and industries need their gates (403 with the
 * gate's message); station rows beyond the top ten need ratings_stations.
 */
export function makeHandler(deps: ReadDeps) {
  return publicRoute(ratingsPageInputSchema, (input, { caller }) =>
    ratingsPage(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(readDepsFromEnv));
