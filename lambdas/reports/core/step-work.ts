import { REPORT_STEPS } from '#shared/workers';

/** Helpers every state-machine step uses (steps.ts, step-publish.ts). */

/** The job progress (percent) a step reports when it is done (layers/shared/workers.ts). */
export const progressOf = (state: (typeof REPORT_STEPS)[number]['state']) =>
  REPORT_STEPS.find((s) => s.state === state)?.progress ?? 0;

/**
 * A work object an earlier step wrote.
 * @throws Error naming the key when it is missing.
 */
export async function must<T>(value: Promise<T | null>, key: string): Promise<T> {
  const v = await value;
  if (v === null) throw new Error(`work object missing: ${key}`);
  return v;
}
