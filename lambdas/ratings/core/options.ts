import { BROADCAST_TYPES, type RatingsOption } from '#shared/contracts/ratings.schema';
import { STATION_FORMAT_IDS, STATION_FORMATS } from '#shared/contracts/stations.schema';
import { DAYPARTS } from '../../attribution/core/dayparts';
import { industryName, marketName, marketState } from './labels';
import { answeringKind, periodResult, type ReadDeps } from './read-model';

/**
 * The lists a ratings page filters by (spec §3 "Benchmark lists"; spec §7 nowl_*, empty payload,
 * `{ result: [...] }`). Industries and regions are those with a rating in the newest period of
 * the answering kind; broadcast types, formats and dayparts are the fixed tables.
 */

/** nowl_broadcast_types: all/0, tv/1, radio/2. */
export const broadcastTypeOptions = (): RatingsOption[] =>
  BROADCAST_TYPES.map((t) => ({ id: t.id, name: t.name, value: t.value }));

/** nowl_station_formats: every normalised format, in the table's order. */
export const stationFormatOptions = (): RatingsOption[] =>
  STATION_FORMAT_IDS.map((id) => ({ id, name: STATION_FORMATS[id] }));

/** nowl_dayparts: 'all', then the engine's dayparts grouped 'TV' | 'Radio'. */
export const daypartOptions = (): RatingsOption[] => [
  { id: 'all', name: 'All day' },
  ...DAYPARTS.map((d) => ({ id: d.key, name: d.label, parent: d.set === 'tv' ? 'TV' : 'Radio' })),
];

/** nowl_regions: the markets with a rating (grouped by state), by name. */
export async function regionOptions(deps: Pick<ReadDeps, 'results'>): Promise<RatingsOption[]> {
  const { result } = await periodResult(deps.results, await answeringKind(deps.results), undefined);
  const codes = new Set((result?.rows ?? []).map((r) => r.market));
  return [...codes]
    .map((code) => ({ id: code, name: marketName(code), parent: marketState(code) || 'National' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** nowl_industries: the top-level industries with a rating, by name. */
export async function industryOptions(deps: Pick<ReadDeps, 'results'>): Promise<RatingsOption[]> {
  const { result } = await periodResult(deps.results, await answeringKind(deps.results), undefined);
  const ids = new Set((result?.rows ?? []).flatMap((r) => (r.industry ? [r.industry] : [])));
  return [...ids]
    .map((id) => ({ id, name: industryName(id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
