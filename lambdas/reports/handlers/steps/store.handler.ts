import { lazy, stepDepsFromEnv } from '../../adapters/compose';
import { stepStore } from '../../core/steps';
import { makeStepHandler } from './make-step';

/** State `Store` of the report state machine (workers.ts REPORT_STEPS): see stepStore. */
export const makeHandler = (deps: Parameters<typeof makeStepHandler>[2]) =>
  makeStepHandler('Store', stepStore, deps);

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(stepDepsFromEnv));
