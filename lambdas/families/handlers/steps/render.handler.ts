import { z } from 'zod';
import { workerHandler } from '#shared/worker-handler';
import { lazy, stepDepsFromEnv } from '../../adapters/compose';
import { type GeneratePayload, type StepDeps, stepRender } from '../../core/generate';

const payloadSchema = z.object({ job_id: z.string().min(1).max(80) });

/** State `Render` of the Generate machine (workers.ts GENERATE_STEPS): see stepRender. */
export function makeHandler(deps: () => StepDeps) {
  return workerHandler(
    'Render',
    async (event: unknown): Promise<GeneratePayload> =>
      stepRender(deps(), payloadSchema.parse(event)),
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(stepDepsFromEnv));
