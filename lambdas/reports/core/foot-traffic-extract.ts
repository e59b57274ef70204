import type { LocationsStore } from '#shared/locations/locations';
import { openHoursFilter } from '#shared/locations/opening-hours';
import type { Resolution } from '../../attribution/core/types';
import type { workKeys } from './keys';
import type { EpochRange } from './periods';
import type { QueryEngine, ReportStore } from './ports';
import { encodeVisits } from './visit-codec';

/**
 * What the Extract step's foot-traffic part reads and writes (a subset of steps.ts StepDeps).
 * Without `locations` every store visit counts and stores go by their ids.
 */
export interface FootTrafficDeps {
  query: QueryEngine;
  store: ReportStore;
  locations?: Pick<LocationsStore, 'listLocations'>;
}

/** Whether any of the client's store locations has opening hours. */
export async function hasOpeningHours(deps: FootTrafficDeps, clientUid: string): Promise<boolean> {
  const locations = (await deps.locations?.listLocations(clientUid)) ?? [];
  return locations.some((l) => l.hours !== null);
}

/**
 * Foot traffic of the report range, when the client has any: minute rows if present,
 * else hour. Writes the store visits summed per DMA over `read` (the range widened by the
 * baseline's 8 weeks before and the tail after, epoch seconds UTC) and the locations' totals over
 * the range, each with its nickname. Store visits outside a location's opening hours (its local
 * time) are left out of both, baseline included, so the engine compares like with like; locations
 * without hours count every visit.
 * @returns the resolution, or null when the client has no foot traffic in the range.
 */
export async function extractFootTraffic(
  deps: FootTrafficDeps,
  clientUid: string,
  main: EpochRange,
  read: EpochRange,
  keys: ReturnType<typeof workKeys>,
): Promise<Resolution | null> {
  const { fromUtc, toUtc } = main;
  // Both checks, then both reads, go to the query engine together (it runs them side by side).
  const [minute, hour, stores] = await Promise.all([
    deps.query.hasFootTraffic(clientUid, 'minute', fromUtc, toUtc),
    deps.query.hasFootTraffic(clientUid, 'hour', fromUtc, toUtc),
    deps.locations?.listLocations(clientUid) ?? Promise.resolve([]),
  ]);
  const resolution = minute ? 'minute' : hour ? 'hour' : null;
  if (!resolution) return null;
  const open = openHoursFilter(stores);
  const [series, totals] = await Promise.all([
    deps.query.extractFootTraffic(clientUid, resolution, read.fromUtc, read.toUtc, open),
    deps.query.footTrafficLocations(clientUid, resolution, fromUtc, toUtc, open),
  ]);
  const nicknames = new Map(stores.map((s) => [s.store_id, s.nickname]));
  const locations = totals.map((l) => ({ ...l, nickname: nicknames.get(l.location_id) ?? null }));
  await deps.store.putBytes(keys.footTraffic, encodeVisits(series));
  await deps.store.putJson(keys.footTrafficLocations, locations);
  return resolution;
}
