import { commitGeneration } from './lake-commit';
import type { ImportDeps } from './ports';
import type { VisitsColumns } from './types';
import { upsertVisits, visitsByDate } from './upsert';

/** What applying a visits file changed (rows keyed by bucket_utc and dma_code). */
export interface AppliedVisits {
  new_spots: number;
  updated_spots: number;
  unchanged_spots: number;
  /** UTC days (partitions) touched. */
  dates: number;
}

/**
 * Upserts visits into the client's lake partitions by (bucket_utc, dma_code), one UTC date at
 * a time (issue #2 §3), as one new generation of the client's visits at that resolution
 * (commitGeneration: all or nothing, concurrent imports keep each other's rows). Re-importing
 * the same file changes nothing.
 */
export async function applyVisits(
  deps: Pick<ImportDeps, 'lake' | 'generations' | 'newId' | 'now'>,
  clientUid: string,
  visits: VisitsColumns,
): Promise<AppliedVisits> {
  const resolution = visits.resolution;
  return commitGeneration(deps, clientUid, `visits/${resolution}`, async (from, to) => {
    const out: AppliedVisits = { new_spots: 0, updated_spots: 0, unchanged_spots: 0, dates: 0 };
    const written = new Set<string>();
    for (const [date, rows] of visitsByDate(visits)) {
      const existing = await deps.lake.readVisits(clientUid, resolution, from.gen, date);
      const merged = upsertVisits(existing, visits, rows);
      if (merged.added + merged.updated > 0) {
        await deps.lake.writeVisits(clientUid, resolution, to, date, merged.visits);
        written.add(date);
      }
      out.new_spots += merged.added;
      out.updated_spots += merged.updated;
      out.unchanged_spots += merged.unchanged;
      out.dates++;
    }
    return { result: out, written };
  });
}
