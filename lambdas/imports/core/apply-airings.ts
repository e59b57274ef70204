import { type ClientRecord, newClientRecord } from '../../../layers/shared/companies/companies';
import { type StoredAiring, toStored, utcDate } from './lake-rows';
import { sameName } from './normalise-row';
import type { ImportDeps } from './ports';
import type { PostlogAiring } from './types';
import { upsertAirings } from './upsert';

/** What applying a post-log changed. */
export interface AppliedAirings {
  new_spots: number;
  updated_spots: number;
  unchanged_spots: number;
  /** Advertisers (clients) this import created. */
  newadvertisers: string[];
  /** Stations and markets not seen before for their client. */
  newstations: string[];
  newmarkets: string[];
  /** Clients touched, in first-seen order. */
  client_uids: string[];
}

/** Partitions written at once (S3 calls in flight). */
const CONCURRENCY = 6;

/** A new client for an advertiser first seen in a post-log (spec §3 "Advertiser records"). */
export function newClient(
  deps: Pick<ImportDeps, 'newId' | 'now'>,
  orgUid: string,
  name: string,
): ClientRecord {
  return newClientRecord({ client_uid: deps.newId(), org_uid: orgUid, name }, deps.now());
}

/**
 * Where a post-log's airings go: every row to one client (an upload made for that client), or
 * each advertiser to its client of an organisation, created when first seen (an upload without
 * a client, made by a member of that organisation).
 */
export type AiringsTarget = { client: ClientRecord } | { orgUid: string };

/**
 * Writes validated airings into the lake (issue #2 §3).
 * Steps: 1. group by advertiser; ensureAdvertiser finds or creates each client (a target client
 * takes every row, and names no other advertiser);
 * 2. per client and UTC date, read the partition, upsert by airing_key, write it back when it
 * changed; 3. update the client's airings count and first/last airing; 4. report the stations
 * and markets the client had not had before. Running it twice adds nothing the second time.
 */
export async function applyAirings(
  deps: ImportDeps,
  target: AiringsTarget,
  airings: readonly PostlogAiring[],
): Promise<AppliedAirings> {
  const out: AppliedAirings = {
    new_spots: 0,
    updated_spots: 0,
    unchanged_spots: 0,
    newadvertisers: [],
    newstations: [],
    newmarkets: [],
    client_uids: [],
  };
  const byAdvertiser = new Map<string, PostlogAiring[]>();
  for (const a of airings) {
    if ('client' in target && !sameName(a.advertiser, target.client.name)) {
      throw new Error(`An airing of ${target.client.client_uid} names another advertiser.`);
    }
    const key = a.advertiser.trim().toLowerCase();
    const list = byAdvertiser.get(key) ?? [];
    list.push(a);
    byAdvertiser.set(key, list);
  }
  const stations = new Set<string>();
  const markets = new Set<string>();
  for (const list of byAdvertiser.values()) {
    const name = list[0]!.advertiser.trim();
    const { client, created } =
      'client' in target
        ? { client: target.client, created: false }
        : await deps.companies.ensureAdvertiser(target.orgUid, name, () =>
            newClient(deps, target.orgUid, name),
          );
    if (created) out.newadvertisers.push(client.name);
    out.client_uids.push(client.client_uid);
    const added = await upsertClient(deps, client.client_uid, list.map(toStored), out);
    await updateClientSummary(deps, client, list, added);
    const known = await deps.jobs.knownEntities(client.client_uid);
    const newS = uniq(list.map((a) => a.station)).filter((s) => !known.stations.includes(s));
    const newM = uniq(list.map((a) => a.market)).filter((m) => !known.markets.includes(m));
    if (newS.length || newM.length) await deps.jobs.addKnownEntities(client.client_uid, newS, newM);
    for (const s of newS) stations.add(s);
    for (const m of newM) markets.add(m);
  }
  out.newstations = [...stations].sort();
  out.newmarkets = [...markets].sort();
  return out;
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** Upserts one client's rows partition by partition. @returns the rows added. */
async function upsertClient(
  deps: ImportDeps,
  clientUid: string,
  rows: StoredAiring[],
  out: AppliedAirings,
): Promise<number> {
  const byDate = new Map<string, StoredAiring[]>();
  for (const r of rows) {
    const d = utcDate(r.start_utc);
    const list = byDate.get(d) ?? [];
    list.push(r);
    byDate.set(d, list);
  }
  const dates = [...byDate.keys()].sort();
  let added = 0;
  const worker = async () => {
    for (let date = dates.shift(); date !== undefined; date = dates.shift()) {
      const existing = await deps.lake.readAirings(clientUid, date);
      const merged = upsertAirings(existing, byDate.get(date)!);
      if (merged.added + merged.updated > 0) {
        await deps.lake.writeAirings(clientUid, date, merged.rows);
      }
      added += merged.added;
      out.new_spots += merged.added;
      out.updated_spots += merged.updated;
      out.unchanged_spots += merged.unchanged;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return added;
}

async function updateClientSummary(
  deps: ImportDeps,
  client: ClientRecord,
  list: readonly PostlogAiring[],
  added: number,
): Promise<void> {
  if (added === 0) return;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const a of list) {
    if (a.startUtc < first) first = a.startUtc;
    if (a.startUtc > last) last = a.startUtc;
  }
  const iso = (s: number) => new Date(s * 1000).toISOString();
  const fresh = (await deps.companies.getClient(client.client_uid)) ?? client;
  const minIso = (a: string | null, b: string) => (a && a < b ? a : b);
  const maxIso = (a: string | null, b: string) => (a && a > b ? a : b);
  await deps.companies.updateClient(client.client_uid, {
    airings: fresh.airings + added,
    first_airing_utc: minIso(fresh.first_airing_utc, iso(first)),
    last_airing_utc: maxIso(fresh.last_airing_utc, iso(last)),
  });
}
