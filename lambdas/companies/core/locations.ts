import type { z } from 'zod';
import { requirePerm } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  clientWithPerms,
  readableClient,
  writableClient,
} from '#shared/companies/companies';
import type {
  deleteLocationInputSchema,
  fetchLocationsInputSchema,
  findLocationInputSchema,
  foundLocationSchema,
  LocationHours,
  LocationsResult,
  saveLocationHoursInputSchema,
  saveLocationInputSchema,
  saveLocationNicknameInputSchema,
} from '#shared/contracts/locations.schema';
import { Conflict, NotFound, ValidationError } from '#shared/errors';
import {
  type Location,
  type LocationsStore,
  MAX_LOCATIONS_PER_CLIENT,
} from '#shared/locations/locations';
import { dmaName, dmaTimezone } from '#shared/locations/opening-hours';

/** What the location use cases need: clients (perms), the locations and a fresh id. */
export interface LocationDeps {
  companies: CompaniesRepository;
  locations: LocationsStore;
  newId: () => string;
}

/** The most find_location results returned (the dialog shows them in one list). */
export const MAX_FOUND_LOCATIONS = 20;
/** Zone of a store whose market has none and whose client has no post-log zone. */
const FALLBACK_TIMEZONE = 'America/New_York';

type FoundLocation = z.infer<typeof foundLocationSchema>;

/**
 * fetch_locations (spec §7): the client's foot-traffic locations, by name then store id.
 * @throws NotFound when the client does not exist or the caller cannot view it.
 */
export async function fetchLocations(
  deps: LocationDeps,
  caller: Caller,
  input: z.infer<typeof fetchLocationsInputSchema>,
): Promise<LocationsResult> {
  await readableClient(deps.companies, caller, input.client_uid);
  return {
    client_uid: input.client_uid,
    locations: await deps.locations.listLocations(input.client_uid),
  };
}

/**
 * find_location (spec §7): the stores matching `query` (case-insensitive, anywhere in the store
 * id, name, address or market name) among the stores the client's foot-traffic imports named and
 * the locations already added; each says whether it is `added`. Added ones first, then by store
 * id; at most MAX_FOUND_LOCATIONS.
 * @throws NotFound when the client does not exist or the caller cannot view it.
 */
export async function findLocation(
  deps: LocationDeps,
  caller: Caller,
  input: z.infer<typeof findLocationInputSchema>,
): Promise<{ results: FoundLocation[] }> {
  await readableClient(deps.companies, caller, input.client_uid);
  const [locations, known] = await Promise.all([
    deps.locations.listLocations(input.client_uid),
    deps.locations.listKnownStores(input.client_uid),
  ]);
  const byStore = new Map<string, FoundLocation>();
  for (const s of known)
    byStore.set(s.store_id, {
      store_id: s.store_id,
      name: s.store_id,
      address: '',
      dma_code: s.dma_code,
      added: false,
    });
  for (const l of locations)
    byStore.set(l.store_id, {
      store_id: l.store_id,
      name: l.nickname ? `${l.nickname} (${l.name})` : l.name,
      address: l.address,
      dma_code: l.dma_code,
      added: true,
    });
  const q = input.query.toLowerCase();
  const results = [...byStore.values()]
    .filter((s) =>
      [s.store_id, s.name, s.address, dmaName(s.dma_code) ?? ''].some((t) =>
        t.toLowerCase().includes(q),
      ),
    )
    .sort((a, b) => Number(b.added) - Number(a.added) || a.store_id.localeCompare(b.store_id))
    .slice(0, MAX_FOUND_LOCATIONS);
  return { results };
}

/**
 * save_location (spec §7): adds a store to the client's locations, or updates one (`uid`).
 * Adding: a store the client's data names takes its DMA from the data unless one is given, and
 * its store id as the name unless one is given; a store the data does not know needs a name and
 * an address. The time zone of the hours is the DMA's (shipped Nielsen list), else the client's
 * post-log zone. Updating changes name, address and DMA (not the store id). Keeps the client's
 * `ft_locations` count.
 * @returns the saved location.
 * @throws NotFound (client invisible, or no such location); Forbidden without `edit`;
 *   ValidationError naming the field; Conflict when the store id is already a location of the
 *   client, or the client has MAX_LOCATIONS_PER_CLIENT.
 */
export async function saveLocation(
  deps: LocationDeps,
  caller: Caller,
  input: z.infer<typeof saveLocationInputSchema>,
): Promise<{ location: Location }> {
  if (input.uid) {
    const { client, location: old } = await editable(deps, caller, input.client_uid, input.uid);
    if (input.store_id !== old.store_id)
      throw new ValidationError('The store id of a location cannot change.', 'store_id');
    const dma = input.dma_code ?? old.dma_code;
    const location: Location = {
      ...old,
      name: input.name ?? old.name,
      address: input.address ?? old.address,
      dma_code: dma,
      timezone: dma === old.dma_code ? old.timezone : zoneFor(dma, client),
    };
    await deps.locations.updateLocation(input.client_uid, location);
    return { location };
  }
  const client = await writableClient(deps.companies, caller, input.client_uid);
  const [existing, known] = await Promise.all([
    deps.locations.listLocations(input.client_uid),
    deps.locations.listKnownStores(input.client_uid),
  ]);
  if (existing.length >= MAX_LOCATIONS_PER_CLIENT)
    throw new Conflict(`A client can have at most ${MAX_LOCATIONS_PER_CLIENT} locations.`);
  const fromData = known.find((s) => s.store_id === input.store_id);
  if (!fromData && !input.name) throw new ValidationError('Enter the store name.', 'name');
  if (!fromData && !input.address) throw new ValidationError('Enter the store address.', 'address');
  const dma = input.dma_code ?? fromData?.dma_code ?? '';
  const location: Location = {
    uid: deps.newId(),
    store_id: input.store_id,
    name: input.name ?? input.store_id,
    address: input.address ?? '',
    dma_code: dma,
    timezone: zoneFor(dma, client),
    nickname: null,
    hours: null,
  };
  await deps.locations.createLocation(input.client_uid, location);
  await recount(deps, input.client_uid);
  return { location };
}

/**
 * delete_location (spec §7): removes one of the client's locations; its store visits count in
 * full again. Keeps the client's `ft_locations` count.
 * @throws NotFound (client invisible, or no such location); Forbidden without `edit`.
 */
export async function deleteLocation(
  deps: LocationDeps,
  caller: Caller,
  input: z.infer<typeof deleteLocationInputSchema>,
): Promise<{ client_uid: string; uid: string }> {
  await editable(deps, caller, input.client_uid, input.uid);
  await deps.locations.deleteLocation(input.client_uid, input.uid);
  await recount(deps, input.client_uid);
  return { client_uid: input.client_uid, uid: input.uid };
}

/**
 * save_location_nickname (spec §7): the name the foot-traffic report shows for the location;
 * blank clears it (the report shows the name again).
 * @throws NotFound (client invisible, or no such location); Forbidden without `edit`.
 */
export async function saveLocationNickname(
  deps: LocationDeps,
  caller: Caller,
  input: z.infer<typeof saveLocationNicknameInputSchema>,
): Promise<{ location: Location }> {
  const { location: old } = await editable(deps, caller, input.client_uid, input.uid);
  const location = { ...old, nickname: input.nickname === '' ? null : input.nickname };
  await deps.locations.updateLocation(input.client_uid, location);
  return { location };
}

/**
 * save_location_hours (spec §7): the location's opening hours per weekday in its time zone
 * (null = open all hours). Reports run afterwards do not count its store visits outside them.
 * @throws NotFound (client invisible, or no such location); Forbidden without `edit`.
 */
export async function saveLocationHours(
  deps: LocationDeps,
  caller: Caller,
  input: z.infer<typeof saveLocationHoursInputSchema>,
): Promise<{ location: Location }> {
  const { location: old } = await editable(deps, caller, input.client_uid, input.uid);
  const location = { ...old, hours: input.hours as LocationHours | null };
  await deps.locations.updateLocation(input.client_uid, location);
  return { location };
}

/**
 * A location the caller may change, with its client. Checked in this order: the client is
 * visible (else NotFound('Client')), the location exists (else NotFound('Location')), then the
 * caller has `edit` (else Forbidden): a stranger learns nothing, and a viewer of the client,
 * who may list its locations anyway, learns only that it cannot change them.
 */
async function editable(
  deps: LocationDeps,
  caller: Caller,
  clientUid: string,
  uid: string,
): Promise<{ client: ClientRecord; location: Location }> {
  const { client, perms } = await clientWithPerms(deps.companies, caller, clientUid, 'view');
  const location = await deps.locations.getLocation(clientUid, uid);
  if (!location) throw new NotFound('Location');
  requirePerm('edit', perms, caller, client);
  return { client, location };
}

/** The zone of a DMA, else the client's post-log zone, else Eastern time. */
function zoneFor(dmaCode: string, client: ClientRecord): string {
  return (dmaCode && dmaTimezone(dmaCode)) || client.postlog_timezone || FALLBACK_TIMEZONE;
}

/** Sets the client's ft_locations to its number of locations (the task list's column). */
async function recount(deps: LocationDeps, clientUid: string): Promise<void> {
  const n = (await deps.locations.listLocations(clientUid)).length;
  await deps.companies.updateClient(clientUid, { ft_locations: n });
}
