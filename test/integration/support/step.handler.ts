import { recordCall } from './calls';

/**
 * Test state-machine step: appends its state name to `payload.trail`; throws when the payload
 * asks this state to fail (`fail_at`), with a named error like a domain error class would.
 */
export const handler = async (
  payload: { trail?: string[]; fail_at?: string; error?: { Error: string; Cause: string } },
  context: { functionName: string },
) => {
  const state = context.functionName;
  recordCall('step', { state, payload });
  if (payload.fail_at === state) {
    const error = new Error(`${state} could not finish`);
    error.name = 'StepBroke';
    throw error;
  }
  return { ...payload, trail: [...(payload.trail ?? []), state] };
};
