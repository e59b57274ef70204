import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stateOfLongName, zoneOfState } from './state-zones';

/** One Nielsen DMA (shared/data/nielsen-dma/dma.csv). */
export interface Dma {
  /** DMA code as a string, e.g. '501'. */
  code: string;
  /** TVB short name, e.g. 'New York'. */
  name: string;
  /** Nielsen rank by TV homes (1 = largest). */
  rank: number;
  /** Estimated TV households. */
  tvHomes: number;
  /** IANA zone derived from the state in the long name (state-zones.ts); null when unknown. */
  tz: string | null;
  /** Nielsen long name with state, '' when absent. */
  longName: string;
}

/**
 * The real-data folder: env DATA_DIR, else `<project root>/../shared/data` (common briefing).
 * The project root is found by walking up from this module to the nearest package.json.
 */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATA_DIR) return resolve(env.DATA_DIR);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json'))) break;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return resolve(dir, '..', 'shared', 'data');
}

const num = (value: string | undefined) => (value ? Number(value) : Number.NaN);

/**
 * Loads the DMAs keyed by code from `<dataDir>/nielsen-dma/dma.csv`.
 * @param dataDir the data folder; defaults to resolveDataDir().
 * @returns an EMPTY map when the file is absent (the product still runs without real data).
 */
export async function loadDmas(dataDir: string = resolveDataDir()): Promise<Map<string, Dma>> {
  const file = join(dataDir, 'nielsen-dma', 'dma.csv');
  const dmas = new Map<string, Dma>();
  if (!existsSync(file)) return dmas;
  const rows = parse(await readFile(file, 'utf8'), { columns: true, bom: true }) as Record<
    string,
    string
  >[];
  for (const row of rows) {
    const code = row.dma_code?.trim();
    if (!code) continue;
    const longName = row.dma_name_long?.trim() ?? '';
    const state = stateOfLongName(longName);
    const lon = num(row.centroid_lon);
    const lat = num(row.centroid_lat);
    dmas.set(code, {
      code,
      name: row.dma_name?.trim() ?? code,
      rank: num(row.rank),
      tvHomes: num(row.tv_homes),
      tz: state
        ? zoneOfState(state, Number.isNaN(lon) ? null : lon, Number.isNaN(lat) ? null : lat)
        : null,
      longName,
    });
  }
  return dmas;
}
