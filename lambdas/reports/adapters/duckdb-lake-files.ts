import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generationFile } from '#shared/lake';
import type { Resolution } from '../../attribution/core/types';
import { safeId } from '../core/keys';

/**
 * Lists the lake's Parquet files for DuckDB, pruned by the `date=` partition (layers/shared/lake.ts).
 * s3rver keeps an object `<key>` as `<dir>/<key>._S3rver_object` (local-stack.md §2); plain
 * `.parquet` files are accepted too (a lake written straight to disk). A missing folder means no
 * files, not an error.
 * @param gen the generation to read: only its `<gen>.parquet` objects (a date folder may also
 *   hold the previous generation, or one an import is still writing). @default every file
 *   (a lake the benchmark wrote straight to disk)
 */
export async function lakeFiles(
  lakeDir: string,
  prefix: string,
  fromDate: string,
  toDate: string,
  gen?: string,
): Promise<string[]> {
  const wanted = gen === undefined ? null : generationFile(gen);
  const root = join(lakeDir, prefix);
  const dates = (await list(root))
    .map((name) => /^date=(\d{4}-\d{2}-\d{2})$/.exec(name)?.[1])
    .filter((d): d is string => d !== undefined && d >= fromDate && d <= toDate)
    .sort();
  const files: string[] = [];
  for (const date of dates) {
    const dir = join(root, `date=${date}`);
    for (const name of (await list(dir)).sort()) {
      const file = name.replace(/\._S3rver_object$/, '');
      if (wanted === null ? file.endsWith('.parquet') : file === wanted)
        files.push(join(dir, name));
    }
  }
  return files;
}

/** Prefix of a client's airings, checked. */
export const airingsDir = (clientUid: string) =>
  `airings/client_uid=${safeId(clientUid, 'client_uid')}`;

/** Prefix of a client's visits at one resolution, checked. */
export const visitsDir = (clientUid: string, resolution: Resolution) =>
  `visits/client_uid=${safeId(clientUid, 'client_uid')}/resolution=${resolution === 'hour' ? 'hour' : 'minute'}`;

/** Prefix of a client's foot traffic at one resolution, checked (layers/shared/lake.ts). */
export const footTrafficDir = (clientUid: string, resolution: Resolution) =>
  `foot-traffic/client_uid=${safeId(clientUid, 'client_uid')}/resolution=${resolution === 'hour' ? 'hour' : 'minute'}`;

async function list(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
