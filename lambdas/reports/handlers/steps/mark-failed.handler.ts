import { workerHandler } from '../../../../layers/shared/worker-handler';
import { REPORT_FAILURE_STEP } from '../../../../layers/shared/workers';
import { jobsFromEnv, lazy } from '../../adapters/compose';
import { markFailed } from '../../core/mark-failed';
import type { ReportJobs, ReportStepPayload } from '../../core/ports';
import { markFailedInputSchema } from '../../core/step-payload.schema';

/**
 * State `MarkFailed` (workers.ts REPORT_FAILURE_STEP): input = the payload plus the Catch's
 * `error` { Error, Cause }; the job becomes failed with a user-safe message.
 */
export function makeHandler(deps: () => { jobs: ReportJobs }) {
  return workerHandler(
    REPORT_FAILURE_STEP.state,
    async (event: unknown): Promise<ReportStepPayload> => {
      const { error, ...payload } = markFailedInputSchema.parse(event);
      return markFailed(deps(), payload, error);
    },
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(() => ({ jobs: jobsFromEnv() })));
