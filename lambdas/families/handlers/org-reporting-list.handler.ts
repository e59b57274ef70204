import { z } from 'zod';
import { workerHandler } from '#shared/worker-handler';
import { ORG_REPORTING_STEPS } from '#shared/workers';
import { rollupDepsFromEnv } from '../adapters/org-rollup-deps';
import { listRollupClients, type RollupDeps } from '../core/org-rollup-job';

const input = z.object({ job_id: z.string().min(1) });

/** State `ListClients` (workers.ts ORG_REPORTING_STEPS): `{ job_id }` -> the Map's items. */
export function makeHandler(deps: () => RollupDeps) {
  return workerHandler(ORG_REPORTING_STEPS[0].state, async (event: unknown) =>
    listRollupClients(deps(), input.parse(event)),
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(rollupDepsFromEnv);
