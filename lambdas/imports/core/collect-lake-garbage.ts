import { JOB_TIMEOUTS_S } from '#shared/jobs/job-timeouts';
import type { ImportDeps, LakeGarbage } from './ports';

/**
 * How long a replaced generation is kept, seconds: a report that read the pointer just before
 * the switch may still be reading it (the Extract step runs at most 300 s).
 */
export const RETIRED_GENERATION_GRACE_S = 900;

/**
 * Deletes the lake objects no reader needs (layers/shared/lake.ts generations): generations an
 * import began but never switched to (it died; older than the import's timeout, so it is not
 * still being written) and generations replaced more than RETIRED_GENERATION_GRACE_S ago. Run by
 * the sweeper. Steps: 1. list them from the pointers; 2. delete each one's objects; 3. forget it.
 * @returns what was deleted.
 */
export async function collectLakeGarbage(
  deps: Pick<ImportDeps, 'generations' | 'lake' | 'now'>,
): Promise<LakeGarbage[]> {
  const now = deps.now().getTime();
  const pendingBefore = new Date(now - JOB_TIMEOUTS_S.import.uploaded! * 1000);
  const retiredBefore = new Date(now - RETIRED_GENERATION_GRACE_S * 1000);
  const garbage = await deps.generations.garbage(pendingBefore, retiredBefore);
  for (const g of garbage) {
    await deps.lake.deleteGeneration(g.clientUid, g.dataset, g.gen);
    await deps.generations.forget(g);
  }
  return garbage;
}
