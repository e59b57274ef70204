import { z } from 'zod';
import { workerHandler } from '#shared/worker-handler';
import { GENERATE_FAILURE_STEP } from '#shared/workers';
import { familyJobsFromEnv, lazy } from '../../adapters/compose';
import { type GeneratePayload, markGenerateFailed } from '../../core/generate';
import type { FamilyJobs } from '../../core/ports';

const inputSchema = z.object({
  job_id: z.string().min(1).max(80),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

/**
 * State `MarkFailed` of the Generate machine (workers.ts GENERATE_FAILURE_STEP): input = the
 * payload plus the Catch's `error` { Error, Cause }; the job becomes failed with a safe message.
 */
export function makeHandler(deps: () => { jobs: FamilyJobs }) {
  return workerHandler(
    GENERATE_FAILURE_STEP.state,
    async (event: unknown): Promise<GeneratePayload> => {
      const { error, ...payload } = inputSchema.parse(event);
      return markGenerateFailed(deps(), payload, error);
    },
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(() => ({ jobs: familyJobsFromEnv() })));
