import type { Caller } from '#shared/auth/caller';
import { type ClientRecord, clientWithPerms } from '#shared/companies/companies';
import type { ClientMergeResult } from '#shared/contracts/company-client.schema';
import { Conflict, NotFound, ValidationError } from '#shared/errors';
import type { LakeDataset } from '#shared/lake';
import {
  type BuiltGeneration,
  commitGeneration,
  inParallel,
  LAKE_CONCURRENCY,
} from '../../imports/core/lake-commit';
import { type StoredAiring, utcDate } from '../../imports/core/lake-rows';
import type { GenerationPointer, SwitchExtras } from '../../imports/core/ports';
import { moveSchedules } from '../../schedules/core/move-schedules';
import { orgMemberIds } from './client-info';
import type { MergeDeps } from './client-ports';

/**
 * client_merge (spec §7 "Company task list": a duplicate client merged into another). The
 * merged client (`from`) is gone afterwards; everything it had lands on the kept one (`into`).
 *
 * Steps, each all-or-nothing on its own and safe to run again, the merged client deleted LAST,
 * so a merge that dies half-way leaves both clients readable and the same request finishes it:
 * 1. load both with perm edit (the merged client: 404 when the caller cannot see it; the kept
 *    one: 400 on into_client_uid when unknown or unseen, the same answer; 403 without edit,
 *    and a demo client is read-only); they must belong to the same organisation, and the merged
 *    one must have no Google Analytics connection (its pulls would keep writing visits to a
 *    client that is gone): 400 otherwise, before anything changes.
 * 2. the merged client's advertiser name claims (its name, and the names of clients merged into
 *    it before) point at the kept client, so imports of those names land there from now on.
 * 3. airings: one new generation of the kept client's airings (commitGeneration, as an import
 *    writes one): the merged client's airings whose airing_key the kept client lacks are added,
 *    its advertiser column renamed; the switch writes the new count, first/last airing, airings
 *    per station and media type, costs flag and the newly known stations and markets in the same
 *    transaction (counted from the airings added, so a re-run adds nothing twice).
 * 4. visits and foot traffic (each resolution): a new generation that adds the merged client's
 *    days the kept client has no data for (the kept client's own days win: two clients' visits
 *    of one website would otherwise count twice).
 * 5. reports: every stored report is copied into the kept client's folder (report ids are
 *    unique), its saved reports are saved on the kept client too; the kept client without a
 *    report of its own gets the merged one's latest.
 * 6. shares the organisation's members gave of the merged client point at the kept one.
 * 7. foot-traffic locations and known stores move (a store id the kept client already has
 *    stays the kept client's location).
 * 8. the organisation's members' favourites of the merged client become favourites of the kept
 *    one, and its scheduled deliveries (with their history and triggers) move to the kept one.
 * 9. the kept client has visits when the merged one had.
 * 10. the merged client's Industry Insights contribution leaves its industry (the kept client's
 *    next report files the merged data once), and its record is deleted (a second identical
 *    request then answers 404).
 * @returns what moved (counts of this call: a re-run after a crash counts only what was left).
 * @throws NotFound('Client') (merged client), Forbidden, ValidationError on `into_client_uid`
 *   (unknown or unseen, other organisation) or `from_client_uid` (connected), Conflict when
 *   imports kept changing the kept client.
 */
export async function clientMerge(
  deps: MergeDeps,
  caller: Caller,
  input: { from_client_uid: string; into_client_uid: string },
): Promise<ClientMergeResult> {
  if (input.from_client_uid === input.into_client_uid) {
    throw new ValidationError('Pick two different clients to merge.', 'into_client_uid');
  }
  const { client: from } = await clientWithPerms(
    deps.companies,
    caller,
    input.from_client_uid,
    'edit',
  );
  // The kept client is picked in a form: one the caller cannot see answers as an unknown one, a
  // field error (no probing: both read the same), after the merged client's own check.
  const { client: into } = await clientWithPerms(
    deps.companies,
    caller,
    input.into_client_uid,
    'edit',
  ).catch((error: unknown) => {
    if (error instanceof NotFound) {
      throw new ValidationError('Pick one of your clients to merge into.', 'into_client_uid');
    }
    throw error;
  });
  if (from.org_uid !== into.org_uid) {
    throw new ValidationError(
      'Only clients of the same organization can be merged.',
      'into_client_uid',
    );
  }
  const [connections, pulled] = await Promise.all([
    deps.connections.listConnections(from.client_uid),
    deps.connections.listPropertyStates(from.client_uid),
  ]);
  if (connections.length > 0 || pulled.length > 0) {
    throw new ValidationError(
      `${from.name} is connected to Google Analytics: disconnect it first, or merge the other way.`,
      'from_client_uid',
    );
  }

  // Names first: an import of the merged client's advertiser from now on lands on the kept one
  // (its airings are not written to a client about to go). Every name that led to the merged
  // client (its own, and those of clients merged into it before) leads to the kept one.
  const names = new Set([
    from.name.trim().toLowerCase(),
    ...(await deps.names.namesOf(from.org_uid, from.client_uid)),
  ]);
  for (const name of names) await deps.names.reassign(into.org_uid, name, into.client_uid);
  const airings = await mergeAirings(deps, from, into);
  let visitDays = 0;
  const visitDates = new Set<string>();
  for (const dataset of ['visits/minute', 'visits/hour'] as const) {
    for (const d of await mergeDays(deps, from, into, dataset)) visitDates.add(d);
  }
  visitDays = visitDates.size;
  const footDays = new Set<string>();
  for (const dataset of ['foot_traffic/minute', 'foot_traffic/hour'] as const) {
    for (const d of await mergeDays(deps, from, into, dataset)) footDays.add(d);
  }
  const reports = await moveReports(deps, from, into);
  const members = await orgMemberIds(deps, into.org_uid, [caller.userId, ...(from.rep_uids ?? [])]);
  const shares = await moveShares(deps, from, into, members);
  const locations = await moveLocations(deps, from, into);
  if (deps.scheduledDeliveries)
    await moveSchedules(deps.scheduledDeliveries, from.client_uid, into.client_uid);
  for (const user of members) {
    if (await deps.favorites.isFavorite(user, from.client_uid)) {
      await deps.favorites.setFavorite(user, into.client_uid, true);
      await deps.favorites.setFavorite(user, from.client_uid, false);
    }
  }

  const current = (await deps.companies.getClient(into.client_uid)) ?? into;
  await deps.companies.updateClient(into.client_uid, {
    ...(from.has_visits ? { has_visits: true } : {}),
    ...(!current.latest_report_id && from.latest_report_id
      ? { latest_report_id: from.latest_report_id }
      : {}),
    ...(locations > 0
      ? { ft_locations: (await deps.locations.listLocations(into.client_uid)).length }
      : {}),
    ...(footDays.size > 0 || visitDays > 0 ? { has_visits: true } : {}),
  });
  if (from.industry_id) {
    await deps.benchmarks.removeFromIndustry(from.industry_id, from.client_uid, from.sample_data);
  }
  await deps.removal.deleteClient(from);
  return {
    into_client_uid: into.client_uid,
    moved: { airings, visit_days: visitDays, reports, shares, locations },
  };
}

/** Per-key sums of two count maps (station or media airings). */
function addCounts(
  a: Record<string, number> | undefined,
  b: Record<string, number> | undefined,
): Record<string, number> | undefined {
  if (!a && !b) return undefined;
  const out: Record<string, number> = { ...(a ?? {}) };
  for (const [k, n] of Object.entries(b ?? {})) out[k] = (out[k] ?? 0) + n;
  return out;
}

/** Every airing of a client's current generation. */
async function allAirings(deps: MergeDeps, clientUid: string): Promise<StoredAiring[]> {
  const { gen } = await deps.generations.current(clientUid, 'airings');
  const dates = await deps.lake.listDates(clientUid, 'airings', gen);
  const rows: StoredAiring[] = [];
  await inParallel(dates, LAKE_CONCURRENCY, async (date) => {
    rows.push(...(await deps.lake.readAirings(clientUid, gen, date)));
  });
  return rows;
}

/** Step 2: adds the merged client's airings to the kept client. @returns how many were added. */
async function mergeAirings(
  deps: MergeDeps,
  from: ClientRecord,
  into: ClientRecord,
): Promise<number> {
  const incoming = await allAirings(deps, from.client_uid);
  if (incoming.length === 0) return 0;
  const byDate = new Map<string, StoredAiring[]>();
  for (const a of incoming) {
    const d = utcDate(a.start_utc);
    byDate.set(d, [...(byDate.get(d) ?? []), { ...a, advertiser: into.name }]);
  }
  const build = async (
    pointer: GenerationPointer,
    to: string,
  ): Promise<BuiltGeneration<number>> => {
    let added = 0;
    const stations: Record<string, number> = {};
    const media: Record<string, number> = {};
    let costs = false;
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    const written = new Set<string>();
    await inParallel([...byDate.keys()], LAKE_CONCURRENCY, async (date) => {
      const existing = await deps.lake.readAirings(into.client_uid, pointer.gen, date);
      const keys = new Set(existing.map((a) => a.airing_key));
      const fresh = byDate.get(date)!.filter((a) => !keys.has(a.airing_key));
      if (fresh.length === 0) return;
      for (const a of fresh) {
        first = Math.min(first, a.start_utc);
        last = Math.max(last, a.start_utc);
        stations[a.station] = (stations[a.station] ?? 0) + 1;
        media[a.station_type] = (media[a.station_type] ?? 0) + 1;
        if ((a.cost_cents ?? 0) > 0) costs = true;
      }
      const rows = [...existing, ...fresh].sort(
        (a, b) => a.start_utc - b.start_utc || a.airing_key.localeCompare(b.airing_key),
      );
      await deps.lake.writeAirings(into.client_uid, to, date, rows);
      written.add(date);
      added += fresh.length;
    });
    if (added === 0) return { result: 0, written };
    const now = (await deps.companies.getClient(into.client_uid)) ?? into;
    const iso = (s: number) => new Date(s * 1000).toISOString();
    const known = await deps.jobs.knownEntities(from.client_uid);
    const extras: SwitchExtras = {
      summary: {
        airings: now.airings + added,
        first_airing_utc:
          now.first_airing_utc && now.first_airing_utc < iso(first)
            ? now.first_airing_utc
            : iso(first),
        last_airing_utc:
          now.last_airing_utc && now.last_airing_utc > iso(last) ? now.last_airing_utc : iso(last),
        // Counted from the airings added (one the kept client already had is not counted twice).
        station_airings: addCounts(now.station_airings, stations) ?? {},
        media_airings: addCounts(now.media_airings, media) ?? {},
        has_costs: now.has_costs === true || costs,
      },
      listOwner: { org_uid: into.org_uid, demo: into.demo },
      known,
    };
    return { result: added, written, extras };
  };
  return commitGeneration(deps, into.client_uid, 'airings', build);
}

/**
 * Step 3: adds the merged client's days of a visits or foot-traffic dataset that the kept
 * client has none of. @returns the dates added.
 */
async function mergeDays(
  deps: MergeDeps,
  from: ClientRecord,
  into: ClientRecord,
  dataset: Exclude<LakeDataset, 'airings'>,
): Promise<string[]> {
  const source = await deps.generations.current(from.client_uid, dataset);
  const dates = await deps.lake.listDates(from.client_uid, dataset, source.gen);
  if (dates.length === 0) return [];
  const [table, resolution] = dataset.split('/') as ['visits' | 'foot_traffic', 'minute' | 'hour'];
  return commitGeneration(deps, into.client_uid, dataset, async (pointer, to) => {
    const have = new Set(await deps.lake.listDates(into.client_uid, dataset, pointer.gen));
    const missing = dates.filter((d) => !have.has(d));
    await inParallel(missing, LAKE_CONCURRENCY, async (date) => {
      if (table === 'visits') {
        const v = await deps.lake.readVisits(from.client_uid, resolution, source.gen, date);
        if (v) await deps.lake.writeVisits(into.client_uid, resolution, to, date, v);
      } else {
        const f = await deps.lake.readFootTraffic(from.client_uid, resolution, source.gen, date);
        if (f) await deps.lake.writeFootTraffic(into.client_uid, resolution, to, date, f);
      }
    });
    return { result: missing, written: new Set(missing) };
  });
}

/** Step 4: copies the merged client's stored reports. @returns how many. */
async function moveReports(deps: MergeDeps, from: ClientRecord, into: ClientRecord) {
  const ids = await deps.reports.reportIds(from.client_uid);
  await inParallel(ids, LAKE_CONCURRENCY, (id) =>
    deps.reports.copyReport(from.client_uid, into.client_uid, id),
  );
  // Saved reports keep their id (createSaved adds nothing twice on a re-run).
  for (const saved of await deps.saved.listSaved(from.client_uid)) {
    await deps.saved.createSaved({ ...saved, client_uid: into.client_uid });
  }
  return ids.length;
}

/** Step 5: shares of the merged client given by `members` now share the kept one. */
async function moveShares(
  deps: MergeDeps,
  from: ClientRecord,
  into: ClientRecord,
  members: readonly string[],
): Promise<number> {
  let moved = 0;
  for (const user of members) {
    for (const share of await deps.accounts.sharesFrom(user)) {
      if (share.client_uid !== from.client_uid) continue;
      await deps.accounts.putShare({
        ...share,
        client_uid: into.client_uid,
        client_name: into.name,
        updated_at: deps.now().toISOString(),
      });
      moved++;
    }
  }
  return moved;
}

/** Step 6: moves locations and known stores. @returns how many locations moved. */
async function moveLocations(
  deps: MergeDeps,
  from: ClientRecord,
  into: ClientRecord,
): Promise<number> {
  const stores = await deps.locations.listKnownStores(from.client_uid);
  if (stores.length > 0) await deps.locations.recordKnownStores(into.client_uid, stores);
  let moved = 0;
  for (const location of await deps.locations.listLocations(from.client_uid)) {
    try {
      await deps.locations.createLocation(into.client_uid, location);
      moved++;
    } catch (error) {
      // The kept client already has that store (or, on a re-run, this very location).
      if (!(error instanceof Conflict)) throw error;
    }
    await deps.locations.deleteLocation(from.client_uid, location.uid);
  }
  return moved;
}
