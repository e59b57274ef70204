import { lazy, startDepsFromEnv } from '../adapters/compose';
import type { StartDeps } from '../core/generate';
import { generateRoute } from './generate-route';

/** GET /ss_rest/quarterly_report_generate (spec §7): starts the quarterly family for a client; `{ job_id }`. */
export const makeHandler = (deps: () => StartDeps) => generateRoute('quarterly', deps);

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(startDepsFromEnv));
