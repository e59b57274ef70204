import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveDataDir } from './dmas';
import { SHIPPED_IAB_ROWS } from './shipped';

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
 * One taxonomy node as the source gives it: the columns Unique ID, Parent ID, Name and Tier 1 of
 * `iab-taxonomies/ad_product_taxonomy_2.0.tsv` (the shipped list keeps exactly these).
 */
export interface IabRow {
  unique_id: string;
  /** '' for most tier-1 nodes; some roots name themselves (the source's quirk). */
  parent_id: string;
  name: string;
  tier_1: string;
}

/**
 * Reads `<dataDir>/iab-taxonomies/ad_product_taxonomy_2.0.tsv` (columns Unique ID, Parent ID,
 * Name, Tier 1, Tier 2, Tier 3), in file order.
 * @returns null when the file is absent.
 */
export async function readIabRows(dataDir: string): Promise<IabRow[] | null> {
  const file = join(dataDir, 'iab-taxonomies', 'ad_product_taxonomy_2.0.tsv');
  if (!existsSync(file)) return null;
  const out: IabRow[] = [];
  for (const line of (await readFile(file, 'utf8')).split(/\r?\n/).slice(1)) {
    const [id, parent, name, tier1] = line.split('\t').map((c) => c.trim());
    if (!id || !name) continue;
    out.push({ unique_id: id, parent_id: parent ?? '', name, tier_1: tier1 ?? '' });
  }
  return out;
}

/** A source row as an Industry: self-parented rows (the taxonomy marks some roots so) are top-level. */
export function industryOfRow(row: IabRow): Industry {
  return {
    id: row.unique_id,
    name: row.name,
    parent_id: row.parent_id && row.parent_id !== row.unique_id ? row.parent_id : '',
    parent_name: row.tier_1 || row.name,
  };
}

/**
 * The industries: the shipped taxonomy (so names never depend on an outside folder), with the
 * rows of the data folder's `iab-taxonomies/ad_product_taxonomy_2.0.tsv`, when present,
 * replacing or adding to them by id. Shipped order first, then any new ids in file order.
 * @param dataDir the data folder; defaults to resolveDataDir().
 */
export async function loadIndustries(dataDir: string = resolveDataDir()): Promise<Industry[]> {
  const byId = new Map<string, Industry>();
  for (const row of [...SHIPPED_IAB_ROWS, ...((await readIabRows(dataDir)) ?? [])])
    byId.set(row.unique_id, industryOfRow(row));
  return [...byId.values()];
}
