import { z } from 'zod';
import { workerHandler } from '#shared/worker-handler';
import { lazy, stepDepsFromEnv } from '../../adapters/compose';
import { type GeneratePayload, type StepDeps, stepBuild } from '../../core/generate';

const payloadSchema = z.object({ job_id: z.string().min(1).max(80) });

/** State `Build` of the Generate machine (workers.ts GENERATE_STEPS): see stepBuild. */
export function makeHandler(deps: () => StepDeps) {
  return workerHandler(
    'Build',
    async (event: unknown): Promise<GeneratePayload> =>
      stepBuild(deps(), payloadSchema.parse(event)),
  );
}

// Composition root: built on the first invocation, reused by the container.
export const handler = makeHandler(lazy(stepDepsFromEnv));
