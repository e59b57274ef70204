import useSWR from 'swr';
import { z } from 'zod';
import {
  type MarketInsights,
  marketInsightsSchema,
  type RatingsFilter,
  type RatingsPage,
  ratingsOptionSchema,
  ratingsPageSchema,
  type StationRatings,
  stationRatingsSchema,
  type TopTenSummaries,
  topTenSummariesSchema,
} from '#shared/contracts/ratings.schema';
import { ApiError, callRoute } from '../api/client';

/**
 * The ratings screens' data (spec §7 "Benchmarks, POST empty payload with result list: nowl_*"):
 * one SWR hook per route, keyed `[route name, input]`, every answer checked against the shared
 * contract (layers/shared/contracts/ratings.schema.ts) so the screens never read a hand-typed
 * shape. A 403 keeps its ApiError (code `forbidden`, the gate's message naming what unlocks it).
 */

/** The five list routes a ratings page filters by. */
export const RATINGS_LIST_ROUTES = {
  broadcast_types: 'nowl_broadcast_types',
  industries: 'nowl_industries',
  regions: 'nowl_regions',
  formats: 'nowl_station_formats',
  dayparts: 'nowl_dayparts',
} as const;
export type RatingsListKind = keyof typeof RATINGS_LIST_ROUTES;

const OPTIONS = { keepPreviousData: true, revalidateOnFocus: false } as const;

/**
 * Calls `name` with `input` and parses the answer with `schema`.
 * @throws ApiError: the server's code, or `invalid_ratings` when the answer breaks the contract.
 */
export async function fetchParsed<T>(
  name: string,
  input: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  const raw = await callRoute<unknown>(name, input);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    console.error(`${name} result breaks the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError('The ratings could not be read.', 'invalid_ratings', 200);
  }
  return parsed.data;
}

/** The input without empty values: the routes take an empty payload for "everything". */
export function compact<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;
}

const optionList = z.array(ratingsOptionSchema);

/** One filter list (POST, empty payload; answer `{ result: RatingsOption[] }`); null asks nothing. */
export function useRatingsOptions(kind: RatingsListKind | null) {
  return useSWR(
    kind ? ([RATINGS_LIST_ROUTES[kind], {}] as const) : null,
    ([name, input]) => fetchParsed(name, input, optionList),
    OPTIONS,
  );
}

/** nowl_top_ten_summaries for the filters; `null` asks nothing. */
export function useTopTen(filter: RatingsFilter | null) {
  return useSWR(
    filter ? (['nowl_top_ten_summaries', compact(filter)] as const) : null,
    ([name, input]): Promise<TopTenSummaries> => fetchParsed(name, input, topTenSummariesSchema),
    OPTIONS,
  );
}

/** Input of the ratings table: the filters, subject, search and page. */
export type RatingsTableInput = RatingsFilter & {
  subject: 'station' | 'format';
  q?: string;
  page: number;
};

/** nowl_ratings (the paged table); `null` asks nothing (a locked table is never fetched). */
export function useRatingsPage(input: RatingsTableInput | null) {
  return useSWR(
    input ? (['nowl_ratings', compact(input)] as const) : null,
    ([name, body]): Promise<RatingsPage> => fetchParsed(name, body, ratingsPageSchema),
    OPTIONS,
  );
}

/** nowl_station (a station's history and its newest period's dayparts); `null` asks nothing. */
export function useStationRatings(stationId: string | null, daypart?: string) {
  return useSWR(
    stationId ? (['nowl_station', compact({ station_id: stationId, daypart })] as const) : null,
    ([name, body]): Promise<StationRatings> => fetchParsed(name, body, stationRatingsSchema),
    { revalidateOnFocus: false },
  );
}

/** nowl_market_insights for the stations (none: the caller's primary station) and period. */
export function useMarketInsights(input: { station_ids: string[]; period?: string } | null) {
  return useSWR(
    input
      ? ([
          'nowl_market_insights',
          compact({
            station_ids: input.station_ids.length ? input.station_ids : undefined,
            period: input.period,
          }),
        ] as const)
      : null,
    ([name, body]): Promise<MarketInsights> => fetchParsed(name, body, marketInsightsSchema),
    OPTIONS,
  );
}
