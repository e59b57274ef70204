import { workerHandler } from '#shared/worker-handler';
import type { REPORT_STEPS } from '#shared/workers';
import type { ReportStepPayload } from '../../core/ports';
import { reportStepPayloadSchema } from '../../core/step-payload.schema';
import type { StepDeps } from '../../core/steps';

/** A state-machine step use case: payload in, payload out (workers.ts REPORT_STEPS). */
export type StepUseCase = (
  deps: StepDeps,
  payload: ReportStepPayload,
) => Promise<ReportStepPayload>;

/**
 * Wraps a step use case as a Lambda handler (workerHandler: trace and metrics under the step's
 * state name): the input is checked against the payload schema (a malformed input fails the
 * step, and the state machine's Catch marks the job failed).
 */
export function makeStepHandler(
  state: (typeof REPORT_STEPS)[number]['state'],
  step: StepUseCase,
  deps: () => StepDeps,
) {
  return workerHandler(
    state,
    async (event: unknown): Promise<ReportStepPayload> =>
      step(deps(), reportStepPayloadSchema.parse(event)),
  );
}
