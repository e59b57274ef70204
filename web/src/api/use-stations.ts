import useSWR from 'swr';
import type { StationPage, StationTypeId } from '#shared/contracts/stations.schema';
import { callRoute } from './client';

/** What a station search asks for (GET stations; contract stationQuerySchema). */
export interface StationSearch {
  q: string;
  page: number;
  type?: StationTypeId | undefined;
  /** DMA codes listed first (a rep's ticked or saved markets). @default none */
  prefer?: readonly string[] | undefined;
}

/**
 * One page of the station list (GET `stations`: the caller's markets first), searched on the
 * server: about 17K stations never come to the browser whole. Key `['stations', { q, page,
 * type, prefer }]`; `keepPreviousData` keeps the last page on screen while the next one loads.
 */
export function useStations(search: StationSearch) {
  const input: Record<string, unknown> = { page: search.page };
  if (search.q.trim()) input.q = search.q.trim();
  if (search.type) input.type = search.type;
  if (search.prefer && search.prefer.length > 0)
    input.prefer = search.prefer.slice(0, 20).join(',');
  return useSWR(
    ['stations', input] as const,
    ([name, query]) => callRoute<StationPage>(name, query),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
    },
  );
}

/**
 * One station by id (GET `global_stations?id=`), to show the label of a station chosen
 * earlier. No id: no request.
 */
export function useStationById(id: string | null | undefined) {
  return useSWR(
    id ? (['global_stations', { id }] as const) : null,
    ([name, query]) => callRoute<StationPage>(name, query),
    { revalidateOnFocus: false },
  );
}
