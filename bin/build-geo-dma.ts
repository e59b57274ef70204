import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHIPPED_DMA_ROWS } from '../layers/shared/reference/shipped';
import { buildTable, type ZipRow } from './geo-dma/build-table';

/**
 * `npx tsx bin/build-geo-dma.ts`: rewrites layers/shared/reference/data/us-city-dma.json, the
 * city/state -> DMA table behind dmaForPlace, from the shipped DMA list and the `zipcodes`
 * package (a dev dependency: only this script reads it). The method is in
 * bin/geo-dma/build-table.ts; `npx tsx bin/check-geo-dma.ts` measures it.
 */
const require = createRequire(import.meta.url);
const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRow> };
const table = buildTable(SHIPPED_DMA_ROWS, Object.values(codes));
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
const places = Object.values(table.states).reduce((n, s) => n + s.split('|').length, 0);
console.log(`wrote ${places} places in ${Object.keys(table.states).length} states to ${out}`);
