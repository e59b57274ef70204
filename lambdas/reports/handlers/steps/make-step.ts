import type { ReportStepPayload } from '../../core/ports';
import { reportStepPayloadSchema } from '../../core/step-payload.schema';
import type { StepDeps } from '../../core/steps';

/** A state-machine step use case: payload in, payload out (workers.ts REPORT_STEPS). */
export type StepUseCase = (
  deps: StepDeps,
  payload: ReportStepPayload,
) => Promise<ReportStepPayload>;

/**
 * Wraps a step use case as a Lambda handler: the input is checked against the payload schema
 * (a malformed input fails the step, and the state machine's Catch marks the job failed).
 */
export function makeStepHandler(step: StepUseCase, deps: () => StepDeps) {
  return async (event: unknown): Promise<ReportStepPayload> =>
    step(deps(), reportStepPayloadSchema.parse(event));
}
