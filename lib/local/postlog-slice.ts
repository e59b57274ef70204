import { createReadStream, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse';

/** The real post-log of shared/data (read at run time, never copied into the repo). */
export function realAiringsPath(dataDir: string): string | null {
  const path = join(dataDir, 'political-tv-ad-airings-2016', 'airings.csv');
  return existsSync(path) ? path : null;
}

/** Which rows of the real post-log the demo uses. */
export interface SliceOptions {
  /** DMA codes to keep. */
  markets: readonly string[];
  /** Keep rows with `from <= start_utc < to` (ISO dates, UTC). */
  from: string;
  to: string;
}

/** The demo's slice: Milwaukee and Phoenix, Sep-Oct 2016 (about 4,300 airings). */
export const DEMO_SLICE: SliceOptions = {
  markets: ['617', '753'],
  from: '2016-09-01',
  to: '2016-11-01',
};

/**
 * Writes the rows of the real airings.csv (columns airing_id, station, ..., dma_code, ...,
 * start_utc, ...) that fall in `slice` to `dest`, header and rows byte-for-byte as in the
 * source (quoted fields stay quoted).
 * @returns the number of data rows written.
 * @throws when the source cannot be read or lacks the dma_code / start_utc columns.
 */
export async function slicePostlog(
  source: string,
  dest: string,
  slice: SliceOptions,
): Promise<number> {
  const parser = createReadStream(source).pipe(
    parse({ raw: true, bom: true, relax_column_count: true }),
  );
  const markets = new Set(slice.markets);
  const out: string[] = [];
  let dmaCol = -1;
  let startCol = -1;
  for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
    if (dmaCol < 0) {
      dmaCol = record.indexOf('dma_code');
      startCol = record.indexOf('start_utc');
      if (dmaCol < 0 || startCol < 0)
        throw new Error(`${source} has no dma_code/start_utc columns`);
      out.push(raw.replace(/\r?\n$/, ''));
      continue;
    }
    const start = record[startCol] ?? '';
    if (markets.has(record[dmaCol] ?? '') && start >= slice.from && start < slice.to) {
      out.push(raw.replace(/\r?\n$/, ''));
    }
  }
  await writeFile(dest, `${out.join('\n')}\n`);
  return out.length - 1;
}
