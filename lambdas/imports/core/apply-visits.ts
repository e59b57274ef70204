import { commitGeneration } from './lake-commit';
import type { ImportDeps } from './ports';
import type { VisitsColumns } from './types';
import { type UpsertCounts, upsertVisits, visitsByDate } from './upsert';

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
 * a time, as one new generation of the client's visits at that resolution
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
    const { counts, written } = await upsertByDate(visits, {
      read: (date) => deps.lake.readVisits(clientUid, resolution, from.gen, date),
      upsert: (existing, rows) => upsertVisits(existing, visits, rows),
      write: (date, merged) =>
        deps.lake.writeVisits(clientUid, resolution, to, date, merged.visits),
    });
    return { result: counts, written };
  });
}

/**
 * The per-date merge of a columnar import (visits, foot traffic) into a new generation: for each
 * UTC date of the incoming buckets, read that partition of the current generation, upsert the
 * date's rows, and write the partition into the new generation only when rows were added or
 * updated, so re-importing the same file writes nothing.
 * Steps: 1. group the rows by the UTC date of their bucket; 2. per date, read, upsert and
 * write when changed; 3. sum the counts.
 * @returns the summed counts and the dates whose partition was written.
 */
export async function upsertByDate<C, M extends UpsertCounts>(
  incoming: Pick<VisitsColumns, 'length' | 'bucketUtc'>,
  partition: {
    read: (date: string) => Promise<C | null>;
    upsert: (existing: C | null, rows: readonly number[]) => M;
    write: (date: string, merged: M) => Promise<void>;
  },
): Promise<{ counts: AppliedVisits; written: Set<string> }> {
  const counts: AppliedVisits = { new_spots: 0, updated_spots: 0, unchanged_spots: 0, dates: 0 };
  const written = new Set<string>();
  for (const [date, rows] of visitsByDate(incoming)) {
    const merged = partition.upsert(await partition.read(date), rows);
    if (merged.added + merged.updated > 0) {
      await partition.write(date, merged);
      written.add(date);
    }
    counts.new_spots += merged.added;
    counts.updated_spots += merged.updated;
    counts.unchanged_spots += merged.unchanged;
    counts.dates++;
  }
  return { counts, written };
}
