import { lazy, stepDepsFromEnv } from '../../adapters/compose';
import { stepAggregate } from '../../core/steps';
import { makeStepHandler } from './make-step';

/** State `Aggregate` of the report state machine (workers.ts REPORT_STEPS): see stepAggregate. */
export const makeHandler = (deps: Parameters<typeof makeStepHandler>[2]) =>
  makeStepHandler('Aggregate', stepAggregate, deps);

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(stepDepsFromEnv));
