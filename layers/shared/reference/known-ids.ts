import { lazy } from '../lazy';
import { SHIPPED_DMA_ROWS, SHIPPED_IAB_ROWS } from './shipped';

/**
 * Membership checks against the shipped reference lists (the 210 Nielsen DMAs and the IAB Ad
 * Product Taxonomy 2.0), for input that must name a real market or industry. Each set is built
 * on first use and kept by the container.
 */
const markets = lazy(() => new Set(SHIPPED_DMA_ROWS.map((row) => row.dma_code)));
const industries = lazy(() => new Set(SHIPPED_IAB_ROWS.map((row) => row.unique_id)));

/** True when `code` is one of the 210 DMA codes (e.g. '501'). */
export function isKnownMarket(code: string): boolean {
  return markets.has(code);
}

/** True when `id` is an IAB ad-product unique id (e.g. '1003'). */
export function isKnownIndustry(id: string): boolean {
  return industries.has(id);
}
