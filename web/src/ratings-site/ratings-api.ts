import useSWR from 'swr';
import { z } from 'zod';
import {
  type RatingsOption,
  ratingsOptionSchema,
  type StationRatings,
  stationRatingsSchema,
  type TopTenSummaries,
  topTenSummariesSchema,
} from '#shared/contracts/ratings.schema';
import type { StationOption } from '#shared/contracts/stations.schema';
import { ApiError, callRoute } from '../api/client';

/**
 * The ratings site's data, from the public ratings routes (spec §7 "Benchmarks": nowl_*; shapes
 * in layers/shared/contracts/ratings.schema.ts), validated with the shared zod contracts so a
 * changed answer fails loudly instead of drawing nonsense. No caller token is sent: the ratings
 * site shows what anyone may see (top ten and station history at daypart `all`).
 */

const QUIET = { revalidateOnFocus: false, keepPreviousData: true } as const;

/** One top-ten request: a market (DMA code) or all markets, a format or 'all'; daypart `all`. */
export interface TopTenQuery {
  market?: string;
  format?: string;
}

/** nowl_top_ten_summaries for a market and format (or every market), daypart `all`. */
export async function fetchTopTen(query: TopTenQuery): Promise<TopTenSummaries> {
  const input = { ...query, daypart: 'all' };
  return topTenSummariesSchema.parse(await callRoute('nowl_top_ten_summaries', input));
}

/** The top-ten lists. Key `['nowl_top_ten_summaries', query]`. */
export function useTopTen(query: TopTenQuery) {
  return useSWR(['nowl_top_ten_summaries', query] as const, ([, q]) => fetchTopTen(q), QUIET);
}

/** The lists a picker offers: markets with a rating (nowl_regions) or station formats. */
export type OptionList = 'nowl_regions' | 'nowl_station_formats';

/** One option list (`{ result: RatingsOption[] }`). Key `[name]`. */
export function useRatingsOptions(name: OptionList) {
  return useSWR(
    [name] as const,
    async ([route]): Promise<RatingsOption[]> =>
      z.array(ratingsOptionSchema).parse(await callRoute(route, {})),
    QUIET,
  );
}

/**
 * A station's ratings page: its ratings history (nowl_station). A station without any published
 * rating answers not_found there; the page then names it from the station list
 * (global_stations?id=) and says it has no rating yet.
 */
export type StationAnswer =
  | { rated: true; ratings: StationRatings }
  | { rated: false; station: StationOption | null };

/** Loads {@link StationAnswer} for a station id. */
export async function fetchStation(stationId: string): Promise<StationAnswer> {
  try {
    const answer = await callRoute('nowl_station', { station_id: stationId });
    return { rated: true, ratings: stationRatingsSchema.parse(answer) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const page = await callRoute<{ stations?: StationOption[] }>('global_stations', {
      id: stationId,
    }).catch(() => null);
    return { rated: false, station: page?.stations?.[0] ?? null };
  }
}

/** The station page's data. Key `['nowl_station', stationId]`. */
export function useStation(stationId: string) {
  return useSWR(['nowl_station', stationId] as const, ([, id]) => fetchStation(id), {
    revalidateOnFocus: false,
  });
}
