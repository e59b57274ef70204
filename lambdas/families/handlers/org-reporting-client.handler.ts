import { z } from 'zod';
import { workerHandler } from '#shared/worker-handler';
import { ORG_REPORTING_STEPS } from '#shared/workers';
import { rollupDepsFromEnv } from '../adapters/org-rollup-deps';
import { type RollupDeps, rollupClientReport } from '../core/org-rollup-job';

const input = z.object({ job_id: z.string().min(1), client_uid: z.string().min(1) });

/**
 * State `ClientReport` (workers.ts ORG_REPORTING_STEPS), once per Map item `{ job_id,
 * client_uid }`: the client's PDF and summary line -> `{ client_uid, ok }`.
 */
export function makeHandler(deps: () => RollupDeps) {
  return workerHandler(ORG_REPORTING_STEPS[1].state, async (event: unknown) =>
    rollupClientReport(deps(), input.parse(event)),
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(rollupDepsFromEnv);
