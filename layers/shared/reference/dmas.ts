import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { SHIPPED_DMA_ROWS } from './shipped';
import { stateOfLongName, zoneOfState } from './state-zones';

/** One Nielsen DMA (shipped list, data/nielsen-dmas.json; or the data folder's dma.csv). */
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
 * One DMA as the source gives it: the columns of `nielsen-dma/dma.csv` the product reads
 * (the shipped list keeps exactly these). Coordinates are WGS84 degrees, null when absent.
 */
export interface DmaRow {
  dma_code: string;
  rank: number;
  dma_name: string;
  /** '' for the four DMAs outside the contiguous U.S. (Anchorage, Honolulu, Fairbanks, Juneau). */
  dma_name_long: string;
  tv_homes: number;
  centroid_lat: number | null;
  centroid_lon: number | null;
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

const num = (value: string | undefined) => (value?.trim() ? Number(value) : Number.NaN);
const coordinate = (value: string | undefined) => {
  const n = num(value);
  return Number.isNaN(n) ? null : n;
};

/**
 * Reads `<dataDir>/nielsen-dma/dma.csv` as rows of the columns the product uses.
 * @returns null when the file is absent.
 */
export async function readDmaRows(dataDir: string): Promise<DmaRow[] | null> {
  const file = join(dataDir, 'nielsen-dma', 'dma.csv');
  if (!existsSync(file)) return null;
  const rows = parse(await readFile(file, 'utf8'), { columns: true, bom: true }) as Record<
    string,
    string
  >[];
  return rows
    .filter((row) => row.dma_code?.trim())
    .map((row) => ({
      dma_code: (row.dma_code ?? '').trim(),
      rank: num(row.rank),
      dma_name: row.dma_name?.trim() ?? '',
      dma_name_long: row.dma_name_long?.trim() ?? '',
      tv_homes: num(row.tv_homes),
      centroid_lat: coordinate(row.centroid_lat),
      centroid_lon: coordinate(row.centroid_lon),
    }));
}

/** A source row as a Dma: the zone comes from the long name's state and the centroid. */
export function dmaOfRow(row: DmaRow): Dma {
  const state = stateOfLongName(row.dma_name_long);
  return {
    code: row.dma_code,
    name: row.dma_name || row.dma_code,
    rank: row.rank,
    tvHomes: row.tv_homes,
    tz: state ? zoneOfState(state, row.centroid_lon, row.centroid_lat) : null,
    longName: row.dma_name_long,
  };
}

/**
 * The DMAs keyed by code: the shipped list (all 210, so names and zones never depend on an
 * outside folder), with the rows of `<dataDir>/nielsen-dma/dma.csv`, when present, replacing or
 * adding to them by code.
 * @param dataDir the data folder; defaults to resolveDataDir().
 */
export async function loadDmas(dataDir: string = resolveDataDir()): Promise<Map<string, Dma>> {
  const dmas = new Map<string, Dma>();
  for (const row of [...SHIPPED_DMA_ROWS, ...((await readDmaRows(dataDir)) ?? [])])
    dmas.set(row.dma_code, dmaOfRow(row));
  return dmas;
}
