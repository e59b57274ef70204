import { noInput, publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { readDepsFromEnv } from '../adapters/ratings-deps';
import { industryOptions } from '../core/options';
import type { ReadDeps } from '../core/read-model';

/** POST /ss_rest/nowl_industries (public, empty payload): the top-level industries with a rating. */
export function makeHandler(deps: Pick<ReadDeps, 'results'>) {
  return publicRoute(noInput, async () => industryOptions(deps));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(readDepsFromEnv));
