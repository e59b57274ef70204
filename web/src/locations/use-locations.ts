import useSWR from 'swr';
import type { z } from 'zod';
import {
  findLocationResultSchema,
  type LocationHours,
  type LocationsResult,
  locationResultSchema,
  locationsResultSchema,
} from '#shared/contracts/locations.schema';
import { ApiError, callRoute } from '../api/client';

/** A store find_location offers. */
export type FoundLocation = z.infer<typeof findLocationResultSchema>['results'][number];

/** Parses a route's answer against its contract. @throws ApiError `invalid_response` otherwise. */
function checked<S extends z.ZodType>(schema: S, raw: unknown, route: string): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    console.error(`${route} result breaks the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError('The server sent an answer this page cannot read.', 'invalid_response', 200);
  }
  return parsed.data;
}

/**
 * A client's store locations (route fetch_locations, POST `{ client_uid }`), zod-validated.
 * Key `['fetch_locations', { client_uid }]`; no client -> no request.
 */
export function useLocations(clientUid: string | undefined) {
  return useSWR(
    clientUid ? (['fetch_locations', { client_uid: clientUid }] as const) : null,
    async ([name, input]): Promise<LocationsResult> =>
      checked(locationsResultSchema, await callRoute<unknown>(name, input), name),
    { keepPreviousData: false, revalidateOnFocus: false },
  );
}

/** find_location: the client's known stores matching `query` (name, address or store id). */
export async function findLocation(clientUid: string, query: string): Promise<FoundLocation[]> {
  const raw = await callRoute<unknown>('find_location', { client_uid: clientUid, query });
  return checked(findLocationResultSchema, raw, 'find_location').results;
}

/** save_location: adds a store (known by its id, or typed in with name and address). */
export async function saveLocation(input: {
  client_uid: string;
  store_id: string;
  name?: string;
  address?: string;
  dma_code?: string;
}) {
  const raw = await callRoute<unknown>('save_location', input);
  return checked(locationResultSchema, raw, 'save_location').location;
}

/** delete_location: removes one of the client's locations. */
export async function deleteLocation(clientUid: string, uid: string): Promise<void> {
  await callRoute<unknown>('delete_location', { client_uid: clientUid, uid });
}

/** save_location_nickname: '' clears the nickname. */
export async function saveLocationNickname(clientUid: string, uid: string, nickname: string) {
  const raw = await callRoute<unknown>('save_location_nickname', {
    client_uid: clientUid,
    uid,
    nickname,
  });
  return checked(locationResultSchema, raw, 'save_location_nickname').location;
}

/** save_location_hours: null = open all hours. */
export async function saveLocationHours(
  clientUid: string,
  uid: string,
  hours: LocationHours | null,
) {
  const raw = await callRoute<unknown>('save_location_hours', {
    client_uid: clientUid,
    uid,
    hours,
  });
  return checked(locationResultSchema, raw, 'save_location_hours').location;
}
