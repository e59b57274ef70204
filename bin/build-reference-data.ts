import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDmaRows, resolveDataDir } from '#shared/reference/dmas';
import { readIabRows } from '#shared/reference/industries';

/**
 * `npx tsx bin/build-reference-data.ts`: rewrites the two lists shipped in
 * layers/shared/reference/data/ from the data folder (DATA_DIR, default ../shared/data), keeping
 * only the columns the product reads, one row per line so a change shows as a small diff.
 * test/layers/shared/reference/shipped-lists.test.ts checks the result against the folder.
 */
const out = join(dirname(fileURLToPath(import.meta.url)), '../layers/shared/reference/data');
const dataDir = resolveDataDir();
const [dmas, iab] = await Promise.all([readDmaRows(dataDir), readIabRows(dataDir)]);
if (!dmas || !iab) {
  console.error(
    `nielsen-dma/dma.csv or iab-taxonomies/ad_product_taxonomy_2.0.tsv missing in ${dataDir}`,
  );
  process.exit(1);
}
const lines = (rows: readonly object[]) =>
  `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
await writeFile(join(out, 'nielsen-dmas.json'), lines(dmas));
await writeFile(join(out, 'iab-ad-product-taxonomy-2.0.json'), lines(iab));
console.log(`wrote ${dmas.length} DMAs and ${iab.length} IAB categories to ${out}`);
