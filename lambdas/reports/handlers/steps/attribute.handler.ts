import { lazy, stepDepsFromEnv } from '../../adapters/compose';
import { stepAttribute } from '../../core/steps';
import { makeStepHandler } from './make-step';

/** State `Attribute` of the report state machine (workers.ts REPORT_STEPS): see stepAttribute. */
export const makeHandler = (deps: Parameters<typeof makeStepHandler>[2]) =>
  makeStepHandler('Attribute', stepAttribute, deps);

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(stepDepsFromEnv));
