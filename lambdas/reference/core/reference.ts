import type { IndustryTrend } from '../../../layers/shared/contracts/industry-insights.schema';
import type { Dma } from '../../../layers/shared/reference/dmas';
import type { Industry } from '../../../layers/shared/reference/industries';

/**
 * Reference lists the forms read (spec §7 "Dropdowns, all GET: industries, regions"): the IAB
 * industries and the Nielsen DMAs as regions grouped by state. They are loaded from the data
 * folder by a seed step (lib/local/seed.ts locally, `npm run load-reference` for a stage) into
 * the CompaniesTable, never typed into the code.
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

/** Where the lists are kept. */
export interface ReferenceStore {
  /** The stored list, or null when never loaded. */
  get<T>(list: 'industries' | 'regions'): Promise<T[] | null>;
  put(list: 'industries' | 'regions', items: readonly object[]): Promise<void>;
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
 * Loads both lists into the store unless already there (`force` reloads). Empty inputs (no
 * data folder) store nothing, so a later start with the data still loads them.
 * @returns how many of each were written.
 */
export async function loadReference(
  store: ReferenceStore,
  input: { industries: Industry[]; dmas: Iterable<Dma> },
  force = false,
): Promise<{ industries: number; regions: number }> {
  const regions = regionsOfDmas(input.dmas);
  const written = { industries: 0, regions: 0 };
  if (input.industries.length > 0 && (force || !(await store.get('industries')))) {
    await store.put('industries', input.industries);
    written.industries = input.industries.length;
  }
  if (regions.length > 0 && (force || !(await store.get('regions')))) {
    await store.put('regions', regions);
    written.regions = regions.length;
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
 * avg_newusers_delta_pct_from_prev)"; issue #5 landing lookup badges) under `trends`. Trends of
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
