import { STATION_FORMATS, type StationFormat } from '#shared/contracts/stations.schema';
import type { DmaRow } from '#shared/reference/dmas';
import { SHIPPED_DMA_ROWS, SHIPPED_IAB_ROWS } from '#shared/reference/shipped';
import { DAYPARTS } from '../../attribution/core/dayparts';
import { NATIONAL } from '../../attribution/core/types';

/** Names shown beside ids in the ratings answers (shipped lists: no table read). */

const DMA_BY_CODE = new Map<string, DmaRow>(SHIPPED_DMA_ROWS.map((r) => [r.dma_code, r]));

/** A market's name: the DMA's short name, 'National' for national airings, else the code. */
export function marketName(code: string): string {
  if (code === NATIONAL) return 'National';
  return DMA_BY_CODE.get(code)?.dma_name || code;
}

/** A market's state (regions are grouped by it), '' when unknown. */
export function marketState(code: string): string {
  const long = DMA_BY_CODE.get(code)?.dma_name_long ?? '';
  return /,\s*([A-Z]{2})\b/.exec(long)?.[1] ?? '';
}

/** 'All formats' or the format's label. */
export function formatName(format: StationFormat | 'all'): string {
  return format === 'all' ? 'All formats' : STATION_FORMATS[format];
}

/** 'All day' or the daypart's label with its set ('Prime (TV)'). */
export function daypartName(key: string): string {
  if (key === 'all') return 'All day';
  const d = DAYPARTS.find((p) => p.key === key);
  return d ? `${d.label} (${d.set === 'tv' ? 'TV' : 'Radio'})` : key;
}

const IAB = new Map(SHIPPED_IAB_ROWS.map((r) => [r.unique_id, r]));

/** The top-level parent of an IAB industry id (itself when top-level); null when unknown. */
export function industryRoot(id: string): string | null {
  let row = IAB.get(id);
  for (let i = 0; row && i < 8; i++) {
    if (!row.parent_id || row.parent_id === row.unique_id) return row.unique_id;
    const parent = IAB.get(row.parent_id);
    if (!parent) return row.unique_id;
    row = parent;
  }
  return row ? row.unique_id : null;
}

/** An industry's name, its id when unknown. */
export function industryName(id: string): string {
  return IAB.get(id)?.name ?? `Industry ${id}`;
}
