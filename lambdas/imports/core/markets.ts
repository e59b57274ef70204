import { NATIONAL } from '../../attribution/core/types';
import { quoteCell } from './quote-cell';

/**
 * What the import needs to know about a DMA: the reference table's `dmas` list (a Dma of
 * layers/shared/reference/dmas.ts), seeded from the shipped list.
 */
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

/**
 * The market index for one container (the import Lambdas' composition root): the DMAs are read
 * through `load` on first use and kept for the container's life once there are some. A missing
 * or empty list (a table not seeded yet) or a failed read is not kept, so the next import reads
 * again instead of accepting bare codes until the container is recycled.
 * @param load reads the DMAs; null when the list was never stored.
 */
export function cachedMarkets(
  load: () => Promise<readonly DmaInfo[] | null>,
): () => Promise<MarketIndex> {
  let kept: Promise<MarketIndex> | null = null;
  return () => {
    if (kept) return kept;
    const reading = load().then((dmas) => marketIndex(dmas ?? []));
    kept = reading;
    reading.then(
      (index) => {
        if (index.byCode.size === 0 && kept === reading) kept = null;
      },
      () => {
        if (kept === reading) kept = null;
      },
    );
    return reading;
  };
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
