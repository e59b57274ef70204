import { createHash } from 'node:crypto';
import iabRows from './data/iab-ad-product-taxonomy-2.0.json' with { type: 'json' };
import dmaRows from './data/nielsen-dmas.json' with { type: 'json' };
import type { DmaRow } from './dmas';
import type { IabRow } from './industries';

/**
 * The two small reference lists shipped with the project (data/README.md names their sources,
 * licences and credit lines), so market and industry names show on a clone without the outside
 * data folder. Imported as JSON modules, so a Lambda bundle carries them too.
 */

/** The 210 Nielsen DMAs ("Nielsen DMA estimates via TVB"), by rank. */
export const SHIPPED_DMA_ROWS: readonly DmaRow[] = dmaRows;

/** The IAB Tech Lab Ad Product Taxonomy 2.0 (CC BY 3.0, "IAB Tech Lab"), in source order. */
export const SHIPPED_IAB_ROWS: readonly IabRow[] = iabRows;

/**
 * A short digest of both shipped lists: the deploy-time seed reloads the reference table
 * whenever it changes.
 */
export function shippedReferenceVersion(): string {
  return createHash('sha256')
    .update(JSON.stringify([SHIPPED_DMA_ROWS, SHIPPED_IAB_ROWS]))
    .digest('hex')
    .slice(0, 16);
}
