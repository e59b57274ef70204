import type { LakeDataset } from '#shared/lake';
import { commitGeneration, inParallel, LAKE_CONCURRENCY } from '../../../imports/core/lake-commit';
import type { VisitsResolution } from '../../../imports/core/types';
import type { PullDeps, StagedPart } from './ports';
import { VisitsSum } from './visits-sum';

/** Partitions a rebuild wrote, per dataset. */
export interface RebuiltDays {
  minute: number;
  hour: number;
}

/**
 * Rebuilds the client's visits partitions of `days` (UTC) WHOLE from what its properties
 * staged (Ga4Staging), each dataset as one new generation (commitGeneration: all or nothing;
 * a concurrent pull or import of the same client is merged, never lost). A re-pull therefore
 * replaces its own rows and never adds them twice, and two properties add up.
 *
 * Per UTC day:
 * - `visits/minute` = the sum of the minute-resolution parts; written when there are any, or
 *   when the day already has a minute partition (replaced, empty if need be: e.g. after the
 *   property turned hourly, so the report then reads its hours);
 * - `visits/hour` = the sum of the hour-resolution parts plus the minute parts rolled up to the
 *   hour (so an hourly report counts every property); written when there are hour parts, or
 *   when the day already has an hour partition.
 * Staged parts are read again by every attempt of a commit, so a retry after another pull
 * switched first includes that pull's parts.
 * Steps: 1. per dataset, list the current generation's days; 2. per day, read the staged parts
 * and sum them; 3. write the partitions that qualify; 4. switch the generation.
 */
export async function rebuildVisitDays(
  deps: Pick<PullDeps, 'lake' | 'generations' | 'newId' | 'now' | 'staging'>,
  clientUid: string,
  days: Iterable<string>,
): Promise<RebuiltDays> {
  const wanted = [...new Set(days)].sort();
  const out: RebuiltDays = { minute: 0, hour: 0 };
  if (wanted.length === 0) return out;
  for (const resolution of ['minute', 'hour'] as const) {
    const dataset: LakeDataset = `visits/${resolution}`;
    out[resolution] = await commitGeneration(deps, clientUid, dataset, async (from, to) => {
      const existing = new Set(await deps.lake.listDates(clientUid, dataset, from.gen));
      const written = new Set<string>();
      await inParallel(wanted, LAKE_CONCURRENCY, async (day) => {
        const parts = await deps.staging.readUtcDay(clientUid, day);
        const own = parts.filter((p) => p.visits.resolution === resolution);
        if (own.length === 0 && !existing.has(day)) return;
        const visits = sumParts(parts, resolution);
        await deps.lake.writeVisits(clientUid, resolution, to, day, visits);
        written.add(day);
      });
      return { result: written.size, written };
    });
  }
  return out;
}

/** The parts that feed a dataset, summed: minute parts only into minutes; every part into hours. */
function sumParts(parts: readonly StagedPart[], resolution: VisitsResolution) {
  const sum = new VisitsSum(resolution);
  for (const p of parts) {
    if (resolution === 'minute' && p.visits.resolution !== 'minute') continue;
    sum.addAll(p.visits);
  }
  return sum.build();
}
