import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveDataDir } from './dmas';

/** One industry: a node of the IAB Tech Lab Ad Product Taxonomy 2.0 (spec §3 dropdown data). */
export interface Industry {
  /** IAB unique id, e.g. '1268'. */
  id: string;
  name: string;
  /** Parent id, '' for a top-level node. */
  parent_id: string;
  /** Tier-1 name the dropdown groups by (the node's own name at tier 1). */
  parent_name: string;
}

/**
 * Loads the industries from `<dataDir>/iab-taxonomies/ad_product_taxonomy_2.0.tsv` (columns
 * Unique ID, Parent ID, Name, Tier 1, Tier 2, Tier 3), in file order. Self-parented rows (the
 * taxonomy marks some roots that way) count as top-level.
 * @returns [] when the file is absent (the product still runs without reference data).
 */
export async function loadIndustries(dataDir: string = resolveDataDir()): Promise<Industry[]> {
  const file = join(dataDir, 'iab-taxonomies', 'ad_product_taxonomy_2.0.tsv');
  if (!existsSync(file)) return [];
  const lines = (await readFile(file, 'utf8')).split(/\r?\n/);
  const out: Industry[] = [];
  for (const line of lines.slice(1)) {
    const [id, parent, name, tier1] = line.split('\t').map((c) => c.trim());
    if (!id || !name) continue;
    out.push({
      id,
      name,
      parent_id: parent && parent !== id ? parent : '',
      parent_name: tier1 || name,
    });
  }
  return out;
}
