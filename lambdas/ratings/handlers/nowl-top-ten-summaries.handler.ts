import { topTenSummariesInputSchema } from '#shared/contracts/ratings.schema';
import { publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { readDepsFromEnv } from '../adapters/ratings-deps';
import type { ReadDeps } from '../core/read-model';
import { topTenSummaries } from '../core/top-ten';

/**
 * POST /ss_rest/nowl_top_ten_summaries (public, optional caller; empty payload allowed): the
 * top-ten lists with movement (core/top-ten.ts). A daypart or industry the caller has not
 * unlocked answers 403 with the gate's message.
 */
export function makeHandler(deps: ReadDeps) {
  return publicRoute(topTenSummariesInputSchema, (input, { caller }) =>
    topTenSummaries(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(readDepsFromEnv));
