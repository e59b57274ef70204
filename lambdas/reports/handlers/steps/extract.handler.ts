import { lazy, stepDepsFromEnv } from '../../adapters/compose';
import { stepExtract } from '../../core/steps';
import { makeStepHandler } from './make-step';

/** State `Extract` of the report state machine (workers.ts REPORT_STEPS): see stepExtract. */
export const makeHandler = (deps: Parameters<typeof makeStepHandler>[2]) =>
  makeStepHandler('Extract', stepExtract, deps);

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(stepDepsFromEnv));
