import { type AppliedVisits, upsertByDate } from './apply-visits';
import { FootTrafficBuilder } from './foot-traffic-builder';
import { commitGeneration } from './lake-commit';
import type { ImportDeps } from './ports';
import type { FootTrafficColumns } from './types';
import { rowTuples, type UpsertCounts, upsertRows } from './upsert';

/**
 * What applying a foot-traffic file changed (rows keyed by bucket_utc and location_id), plus the
 * number of distinct locations in the file's clean rows.
 */
export interface AppliedFootTraffic extends AppliedVisits {
  locations: number;
}

/**
 * Upserts foot traffic into the client's lake partitions by (bucket_utc, location_id), one UTC
 * date at a time (the same import shape as visits), as one new generation
 * (commitGeneration: all or nothing). A partition is rewritten only when something in it
 * changed, so re-importing the same file writes nothing.
 * Steps: 1. merge the rows date by date into a new generation (upsertByDate); 2. switch to it;
 * 3. add the number of locations to the counts.
 */
export async function applyFootTraffic(
  deps: Pick<ImportDeps, 'lake' | 'generations' | 'newId' | 'now'>,
  clientUid: string,
  incoming: FootTrafficColumns,
): Promise<AppliedFootTraffic> {
  const resolution = incoming.resolution;
  return commitGeneration(deps, clientUid, `foot_traffic/${resolution}`, async (from, to) => {
    const { counts, written } = await upsertByDate(incoming, {
      read: (date) => deps.lake.readFootTraffic(clientUid, resolution, from.gen, date),
      upsert: (existing, rows) => upsertFootTraffic(existing, incoming, rows),
      write: (date, merged) =>
        deps.lake.writeFootTraffic(clientUid, resolution, to, date, merged.footTraffic),
    });
    return { result: { ...counts, locations: incoming.locationIds.length }, written };
  });
}

/** One row's values: bucket_utc, location_id, dma_code, visits. */
type Vals = [number, string, string, number];

const valsOf = (f: FootTrafficColumns, i: number): Vals => [
  f.bucketUtc[i]!,
  f.locationIds[f.locationIndex[i]!]!,
  f.dmaCodes[f.dmaIndex[i]!]!,
  f.visits[i]!,
];

/**
 * Upserts the `rows` indices of `incoming` into one partition by (bucket_utc, location_id); a
 * later row of the file wins over an earlier one. A row whose dma_code or visits differ is
 * updated.
 * @returns the partition sorted by bucket_utc then location_id, and the counts.
 */
export function upsertFootTraffic(
  existing: FootTrafficColumns | null,
  incoming: FootTrafficColumns,
  rows: readonly number[],
): UpsertCounts & { footTraffic: FootTrafficColumns } {
  const merged = upsertRows(rowTuples(existing, valsOf), rowTuples(incoming, valsOf, rows));
  const b = new FootTrafficBuilder(incoming.resolution);
  for (const r of merged.rows) b.add(r[0], r[1], r[2], r[3]);
  const { rows: _, ...counts } = merged;
  return { ...counts, footTraffic: b.build() };
}
