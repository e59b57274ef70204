import { open } from 'node:fs/promises';
import { parseVisits } from './parse-visits';
import type { VisitsColumns } from './types';

/**
 * Reads a visits CSV from disk for the CLI (issue #2 §3): either layout, into typed columns
 * (bucketUtc epoch s UTC, dmaCodes[dmaIndex[i]] with '' = unknown, visits per bucket).
 * Bad rows are skipped and returned as issues. The file streams through in 1 MB chunks, read
 * from its bytes (parse-visits.ts), so its size is bounded by the columns, not the text.
 * @throws Error naming the header when it is neither layout, or when the file cannot be read.
 */
export async function readVisitsFile(path: string): Promise<
  VisitsColumns & {
    errors: { row: number; field: string; message: string }[];
    /** Errors in the whole file (`errors` lists the first of them). */
    error_count: number;
  }
> {
  const file = await open(path);
  const { size } = await file.stat();
  // The stream closes the file once read (or on error).
  const parsed = await parseVisits(file.createReadStream({ highWaterMark: 1 << 20 }), {
    bytes: size,
  });
  if (!parsed.visits) throw new Error(parsed.errors[0]?.message ?? 'Unreadable visits file.');
  return { ...parsed.visits, errors: parsed.errors, error_count: parsed.error_count };
}
