import { workerHandler } from '#shared/worker-handler';
import { REPORT_FAILURE_STEP } from '#shared/workers';
import { companiesFromEnv, jobsFromEnv, lazy, reportRunsFromEnv } from '../../adapters/compose';
import { type MarkFailedDeps, markFailed } from '../../core/mark-failed';
import type { ReportStepPayload } from '../../core/ports';
import { markFailedInputSchema } from '../../core/step-payload.schema';

/**
 * State `MarkFailed` (workers.ts REPORT_FAILURE_STEP): input = the payload plus the Catch's
 * `error` { Error, Cause }; the job becomes failed with a user-safe message and gives its
 * client's run slot back.
 */
export function makeHandler(deps: () => MarkFailedDeps) {
  return workerHandler(
    REPORT_FAILURE_STEP.state,
    async (event: unknown): Promise<ReportStepPayload> => {
      const { error, ...payload } = markFailedInputSchema.parse(event);
      return markFailed(deps(), payload, error);
    },
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(
  lazy(() => ({ jobs: jobsFromEnv(), runs: reportRunsFromEnv(), companies: companiesFromEnv() })),
);
