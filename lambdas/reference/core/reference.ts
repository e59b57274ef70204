import type { IndustryTrend } from '#shared/contracts/industry-insights.schema';
import type { Dma } from '#shared/reference/dmas';
import type { Industry } from '#shared/reference/industries';
import { REFERENCE_LISTS, type ReferenceList } from '#shared/reference/reference-lists';

/**
 * Reference lists (spec §7 "Dropdowns, all GET: industries, regions"): the IAB industries and
 * the Nielsen DMAs as regions grouped by state for the forms, and the DMAs themselves (codes,
 * names, zones) for the imports to resolve post-log markets. A seed step loads them from the
 * lists shipped in layers/shared/reference/data (plus the data folder, when present) into the
 * CompaniesTable: lib/local/reference-seed.ts on every local start, the ReferenceSeed custom
 * resource on every deploy. Never typed into the code.
 */

/** One region (a DMA) of the regions dropdown: grouped by `parent` (state). */
export interface Region {
  /** DMA code, e.g. '501'. */
  id: string;
  /** e.g. 'New York, NY'; the code alone when the DMA list was not loaded. */
  name: string;
  /** Two-letter state the dropdown groups by; '' when unknown. */
  parent: string;
  rank: number;
}

/** Where the lists are kept: `industries` (Industry), `regions` (Region), `dmas` (Dma). */
export interface ReferenceStore {
  /** The stored list, or null when never loaded. */
  get<T>(list: ReferenceList): Promise<T[] | null>;
  put(list: ReferenceList, items: readonly object[]): Promise<void>;
}

/** DMAs -> regions, by rank (largest market first). */
export function regionsOfDmas(dmas: Iterable<Dma>): Region[] {
  return [...dmas]
    .map((d) => ({
      id: d.code,
      name: d.longName || d.name,
      parent: /,\s*([A-Z]{2})\b/.exec(d.longName)?.[1] ?? '',
      rank: Number.isFinite(d.rank) ? d.rank : 999,
    }))
    .sort((a, b) => a.rank - b.rank);
}

/**
 * Loads the three lists into the store, each unless already there (`force` reloads them all).
 * An empty input stores nothing, so it never blanks a loaded list.
 * @returns how many items of each list were written (0 for a list left as it was).
 */
export async function loadReference(
  store: ReferenceStore,
  input: { industries: Industry[]; dmas: Iterable<Dma> },
  force = false,
): Promise<Record<ReferenceList, number>> {
  const dmas = [...input.dmas].sort((a, b) => a.rank - b.rank);
  const lists: Record<ReferenceList, readonly object[]> = {
    industries: input.industries,
    regions: regionsOfDmas(dmas),
    dmas,
  };
  const written: Record<ReferenceList, number> = { industries: 0, regions: 0, dmas: 0 };
  for (const list of REFERENCE_LISTS) {
    const items = lists[list];
    if (items.length === 0 || (!force && (await store.get(list)))) continue;
    await store.put(list, items);
    written[list] = items.length;
  }
  return written;
}

/** Where the industries' weekly trends are read from (the Industry Insights benchmark store). */
export interface TrendSource {
  /** Industry id → trend, of real clients or of sample-data clients. */
  listTrends(sampleData: boolean): Promise<Map<string, IndustryTrend>>;
}

/**
 * The industries list with each industry's weekly trend (spec §3 "industries (… trends with
 * avg_newusers_delta_pct_from_prev)"; §2 "Landing page" trend badges) under `trends`. Trends of
 * real clients are used; a stack with none (local, sample data only) uses the sample-data ones,
 * which say so (`sample_data: true`). Industries without a trend carry none, so no badge shows.
 */
export async function industriesWithTrends(
  industries: readonly Industry[],
  trends: TrendSource,
): Promise<Array<Industry & { trends?: IndustryTrend }>> {
  let byId = await trends.listTrends(false);
  if (byId.size === 0) byId = await trends.listTrends(true);
  return industries.map((industry) => {
    const trend = byId.get(industry.id);
    return trend ? { ...industry, trends: trend } : industry;
  });
}
