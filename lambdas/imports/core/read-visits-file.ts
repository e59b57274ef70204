import { type FileHandle, open } from 'node:fs/promises';
import { parseVisits } from './parse-visits';
import type { VisitsColumns } from './types';

/** Bytes read at a time (one buffer, reused: the reader copies only a line cut at its end). */
const CHUNK_BYTES = 4 << 20;

/**
 * Reads a visits CSV from disk for the CLI: either layout, into typed columns
 * (bucketUtc epoch s UTC, dmaCodes[dmaIndex[i]] with '' = unknown, visits per bucket).
 * Bad rows are skipped and returned as issues. The file streams through one 4 MB buffer, read
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
  try {
    const { size } = await file.stat();
    return await readOpen(file, size);
  } finally {
    await file.close();
  }
}

/** Chunks of an open file read into one reused buffer (each is parsed before the next read). */
async function* chunksOf(file: FileHandle): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(CHUNK_BYTES);
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** readVisitsFile of an open file of `size` bytes. */
async function readOpen(file: FileHandle, size: number) {
  const parsed = await parseVisits(chunksOf(file), { bytes: size });
  if (!parsed.visits) throw new Error(parsed.errors[0]?.message ?? 'Unreadable visits file.');
  return { ...parsed.visits, errors: parsed.errors, error_count: parsed.error_count };
}
