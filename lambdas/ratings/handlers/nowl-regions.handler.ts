import { noInput, publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { readDepsFromEnv } from '../adapters/ratings-deps';
import { regionOptions } from '../core/options';
import type { ReadDeps } from '../core/read-model';

/** POST /ss_rest/nowl_regions (public, empty payload): the markets with a rating. */
export function makeHandler(deps: Pick<ReadDeps, 'results'>) {
  return publicRoute(noInput, async () => regionOptions(deps));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(readDepsFromEnv));
