import { z } from 'zod';
import { workerHandler } from '#shared/worker-handler';
import { ORG_REPORTING_STEPS } from '#shared/workers';
import { rollupDepsFromEnv } from '../adapters/org-rollup-deps';
import { type RollupDeps, zipOrgRollup } from '../core/org-rollup-job';

const input = z.object({ job_id: z.string().min(1) });

/** State `Zip` (workers.ts ORG_REPORTING_STEPS): the PDFs and summary.csv in one zip; job done. */
export function makeHandler(deps: () => RollupDeps) {
  return workerHandler(ORG_REPORTING_STEPS[2].state, async (event: unknown) =>
    zipOrgRollup(deps(), input.parse(event)),
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(rollupDepsFromEnv);
