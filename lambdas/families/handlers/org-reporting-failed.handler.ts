import { z } from 'zod';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { ORG_REPORTING_FAILURE_STEP } from '#shared/workers';
import { rollupDepsFromEnv } from '../adapters/org-rollup-deps';
import { failOrgRollup, type RollupDeps } from '../core/org-rollup-job';

const input = z.object({
  job_id: z.string().min(1),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

/**
 * State `MarkFailed` of OrgReporting: input = the step's input plus the Catch's `error`; the
 * error is logged, the job failed with a plain reason.
 */
export function makeHandler(deps: () => Pick<RollupDeps, 'jobs'>) {
  return workerHandler(ORG_REPORTING_FAILURE_STEP.state, async (event: unknown) => {
    const { job_id, error } = input.parse(event);
    logger.error('org roll-up failed', { job_id, error: error?.Error, cause: error?.Cause });
    return failOrgRollup(deps(), { job_id });
  });
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(rollupDepsFromEnv);
