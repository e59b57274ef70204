import type { Location } from '../contracts/locations.schema';
import { Conflict, NotFound } from '../errors';

export type { Location };

/**
 * A store the client's imported foot-traffic data names (spec §3 "Location"): its store id (the
 * files' `location_id`) and the DMA of its rows ('' when the file left it empty).
 */
export interface KnownStore {
  store_id: string;
  dma_code: string;
}

/** The most locations one client may keep (the dialog lists them all; the report joins them). */
export const MAX_LOCATIONS_PER_CLIENT = 500;

/**
 * A client's foot-traffic locations and the stores its data knows (CompaniesTable, see
 * dynamo-locations.ts). A store id maps to at most one location per client.
 */
export interface LocationsStore {
  /** The client's locations, by name then store id. */
  listLocations(clientUid: string): Promise<Location[]>;
  getLocation(clientUid: string, uid: string): Promise<Location | null>;
  /**
   * Adds a location (one write: the location and its store-id claim together).
   * @throws Conflict when the store id is already one of the client's locations.
   */
  createLocation(clientUid: string, location: Location): Promise<void>;
  /**
   * Replaces the editable fields of an existing location (name, address, dma_code, timezone,
   * nickname, hours); uid and store_id never change.
   * @throws NotFound('Location') when absent.
   */
  updateLocation(clientUid: string, location: Location): Promise<void>;
  /** Removes a location and its store-id claim. @throws NotFound('Location') when absent. */
  deleteLocation(clientUid: string, uid: string): Promise<void>;
  /** The stores the client's foot-traffic imports named, by store id. */
  listKnownStores(clientUid: string): Promise<KnownStore[]>;
  /** Remembers stores an import named (idempotent; a store's latest DMA wins). */
  recordKnownStores(clientUid: string, stores: readonly KnownStore[]): Promise<void>;
}

const byName = (a: Location, b: Location) =>
  a.name.localeCompare(b.name) || a.store_id.localeCompare(b.store_id);

/** In-memory LocationsStore for tests and the local composition (same rules as the DynamoDB one). */
export class MemoryLocations implements LocationsStore {
  private readonly locations = new Map<string, Map<string, Location>>();
  private readonly known = new Map<string, Map<string, KnownStore>>();

  private of(clientUid: string): Map<string, Location> {
    const m = this.locations.get(clientUid) ?? new Map<string, Location>();
    this.locations.set(clientUid, m);
    return m;
  }
  async listLocations(clientUid: string) {
    return [...this.of(clientUid).values()].map((l) => ({ ...l })).sort(byName);
  }
  async getLocation(clientUid: string, uid: string) {
    const l = this.of(clientUid).get(uid);
    return l ? { ...l } : null;
  }
  async createLocation(clientUid: string, location: Location) {
    const all = this.of(clientUid);
    if ([...all.values()].some((l) => l.store_id === location.store_id))
      throw new Conflict(storeTaken(location.store_id));
    if (all.has(location.uid)) throw new Conflict('That location already exists.');
    all.set(location.uid, { ...location });
  }
  async updateLocation(clientUid: string, location: Location) {
    const all = this.of(clientUid);
    const old = all.get(location.uid);
    if (!old) throw new NotFound('Location');
    all.set(location.uid, { ...location, uid: old.uid, store_id: old.store_id });
  }
  async deleteLocation(clientUid: string, uid: string) {
    if (!this.of(clientUid).delete(uid)) throw new NotFound('Location');
  }
  async listKnownStores(clientUid: string) {
    return [...(this.known.get(clientUid)?.values() ?? [])].sort((a, b) =>
      a.store_id.localeCompare(b.store_id),
    );
  }
  async recordKnownStores(clientUid: string, stores: readonly KnownStore[]) {
    const m = this.known.get(clientUid) ?? new Map<string, KnownStore>();
    this.known.set(clientUid, m);
    for (const s of stores) m.set(s.store_id, { ...s });
  }
}

/** The Conflict message when a store id is already one of the client's locations. */
export const storeTaken = (storeId: string) =>
  `Store ${storeId} is already one of this client's locations.`;
