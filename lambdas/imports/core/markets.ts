import { NATIONAL } from '../../attribution/core/types';
import { quoteCell } from './quote-cell';

/** What the import needs to know about a DMA (layers/shared/reference/dmas.ts provides it). */
export interface DmaInfo {
  code: string;
  name: string;
  tz: string | null;
  longName?: string;
}

/** DMA lookups by code and by normalised name; empty when the reference data is absent. */
export interface MarketIndex {
  byCode: ReadonlyMap<string, DmaInfo>;
  byName: ReadonlyMap<string, DmaInfo>;
}

const NATIONAL_WORDS = new Set(['national', 'nat', 'natl', 'nationwide', 'us', 'usa', 'network']);

const normName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Builds the index from DMAs (short names, long names and long names without the state). */
export function marketIndex(dmas: Iterable<DmaInfo>): MarketIndex {
  const byCode = new Map<string, DmaInfo>();
  const byName = new Map<string, DmaInfo>();
  for (const dma of dmas) {
    byCode.set(dma.code, dma);
    for (const name of [dma.name, dma.longName ?? '', (dma.longName ?? '').replace(/,.*$/, '')]) {
      const key = normName(name);
      if (key && !byName.has(key)) byName.set(key, dma);
    }
  }
  return { byCode, byName };
}

/** A resolved market: DMA code or NATIONAL, and the DMA's zone when known. */
export interface ResolvedMarket {
  market: string;
  tz: string | null;
}

/**
 * Resolves a post-log market cell: a DMA code ('501'), a DMA name ('New York', via the
 * reference data), or national. Without reference data any 3-digit code is accepted as is.
 * @returns the market, or `{ error }` naming the unknown value.
 */
export function resolveMarket(
  text: string,
  index: MarketIndex,
): ResolvedMarket | { error: string } {
  const t = text.trim();
  if (!t) return { error: 'Market is blank.' };
  if (NATIONAL_WORDS.has(t.toLowerCase())) return { market: NATIONAL, tz: null };
  if (/^\d+$/.test(t)) {
    const code = String(Number(t));
    const dma = index.byCode.get(code);
    if (dma) return { market: code, tz: dma.tz };
    if (index.byCode.size === 0 && /^\d{3}$/.test(code)) return { market: code, tz: null };
    return { error: `Unknown DMA code ${t.length > 12 ? quoteCell(t, 12) : t}.` };
  }
  const dma = index.byName.get(normName(t));
  if (dma) return { market: dma.code, tz: dma.tz };
  return { error: `Unknown market ${quoteCell(t)} (use a DMA code, a DMA name or national).` };
}
