import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

/** The data folder's files the station list is built from (relative to the data folder). */
export const STATION_SOURCE_FILES = {
  radio: 'us-radio-stations/radio_stations.csv',
  fcc: 'us-radio-stations/fcc_station_info.csv',
  postlog: 'political-tv-ad-airings-2016/stations.csv',
} as const;

/** Rows of one CSV as column → text; an absent file gives an empty array. */
async function readRows(file: string): Promise<Record<string, string>[]> {
  if (!existsSync(file)) return [];
  return parse(await readFile(file, 'utf8'), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Record<string, string>[];
}

/**
 * Reads the station sources from the data folder (resolveDataDir() in ./dmas; never copied into
 * the repository): the radio list, the FCC licence statuses and the post-log's stations, as
 * rows of text keyed by column. A missing file (or folder) is an empty list, so a clone without
 * the data folder builds an empty station list and nothing fails.
 */
export async function readStationSources(dataDir: string): Promise<{
  radio: Record<string, string>[];
  fcc: Record<string, string>[];
  postlog: Record<string, string>[];
}> {
  const [radio, fcc, postlog] = await Promise.all([
    readRows(join(dataDir, STATION_SOURCE_FILES.radio)),
    readRows(join(dataDir, STATION_SOURCE_FILES.fcc)),
    readRows(join(dataDir, STATION_SOURCE_FILES.postlog)),
  ]);
  return { radio, fcc, postlog };
}
