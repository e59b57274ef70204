import { type ClientRecord, newClientRecord } from '#shared/companies/companies';
import {
  type BuiltGeneration,
  commitGeneration,
  inParallel,
  LAKE_CONCURRENCY,
} from './lake-commit';
import { type StoredAiring, toStored, utcDate } from './lake-rows';
import { sameName } from './normalise-row';
import type { GenerationPointer, ImportDeps, SwitchExtras } from './ports';
import type { PostlogAiring } from './types';
import { type UpsertCounts, upsertAirings } from './upsert';

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
 * Writes validated airings into the lake (spec §3/§4 "Post-log import"), all-or-nothing per client.
 * Steps: 1. group by advertiser; ensureAdvertiser finds or creates each client (a target client
 * takes every row, and names no other advertiser); 2. per client, commitGeneration: per UTC date,
 * read the current partition, upsert by airing_key, write the changed ones into a new
 * generation, then switch to it in one transaction with the client's airings count, first/last
 * airing and newly known stations and markets; 3. report the stations and markets the client had
 * not had before. Running it twice adds nothing the second time; a crash leaves each client with
 * all of its rows or none (a file naming several advertisers commits them one by one, and a
 * retry completes the rest).
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
    const rows = list.map(toStored);
    const applied = await commitGeneration(deps, client.client_uid, 'airings', (from, to) =>
      buildAirings(deps, client, rows, from, to),
    );
    out.new_spots += applied.added;
    out.updated_spots += applied.updated;
    out.unchanged_spots += applied.unchanged;
    for (const s of applied.newStations) stations.add(s);
    for (const m of applied.newMarkets) markets.add(m);
  }
  out.newstations = [...stations].sort();
  out.newmarkets = [...markets].sort();
  return out;
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** One client's outcome. */
interface ClientAiringsResult extends UpsertCounts {
  newStations: string[];
  newMarkets: string[];
}

/**
 * Builds a client's next airings generation: upserts `rows` partition by partition (writing the
 * changed ones into `to`), then the summary and new entities the switch writes with it.
 */
async function buildAirings(
  deps: ImportDeps,
  client: ClientRecord,
  rows: readonly StoredAiring[],
  from: GenerationPointer,
  to: string,
): Promise<BuiltGeneration<ClientAiringsResult>> {
  const byDate = new Map<string, StoredAiring[]>();
  for (const r of rows) {
    const d = utcDate(r.start_utc);
    const list = byDate.get(d) ?? [];
    list.push(r);
    byDate.set(d, list);
  }
  const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
  const written = new Set<string>();
  const facts = new AiringFacts();
  await inParallel([...byDate.keys()].sort(), LAKE_CONCURRENCY, async (date) => {
    const existing = await deps.lake.readAirings(client.client_uid, from.gen, date);
    const merged = upsertAirings(existing, byDate.get(date)!);
    if (merged.added + merged.updated > 0) {
      await deps.lake.writeAirings(client.client_uid, to, date, merged.rows);
      written.add(date);
      facts.replace(existing, merged.rows);
    }
    counts.added += merged.added;
    counts.updated += merged.updated;
    counts.unchanged += merged.unchanged;
  });
  const known = await deps.jobs.knownEntities(client.client_uid);
  const newStations = uniq(rows.map((a) => a.station)).filter((s) => !known.stations.includes(s));
  const newMarkets = uniq(rows.map((a) => a.market)).filter((m) => !known.markets.includes(m));
  const summary = await airingSummary(deps, client, rows, counts.added, facts);
  return {
    result: { ...counts, newStations, newMarkets },
    written,
    extras: {
      ...(summary ? { summary, listOwner: { org_uid: client.org_uid, demo: client.demo } } : {}),
      known: { stations: newStations, markets: newMarkets },
    },
  };
}

/**
 * The client's airings count and first/last airing after adding `added` of `rows` (read from
 * the client record after the pointer, so the switch's version check covers it); null when
 * nothing was added.
 */
async function airingSummary(
  deps: ImportDeps,
  client: ClientRecord,
  rows: readonly StoredAiring[],
  added: number,
  facts: AiringFacts,
): Promise<SwitchExtras['summary'] | null> {
  if (added === 0) return null;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const a of rows) {
    if (a.start_utc < first) first = a.start_utc;
    if (a.start_utc > last) last = a.start_utc;
  }
  const iso = (s: number) => new Date(s * 1000).toISOString();
  const fresh = (await deps.companies.getClient(client.client_uid)) ?? client;
  const minIso = (a: string | null, b: string) => (a && a < b ? a : b);
  const maxIso = (a: string | null, b: string) => (a && a > b ? a : b);
  return {
    airings: fresh.airings + added,
    first_airing_utc: minIso(fresh.first_airing_utc, iso(first)),
    last_airing_utc: maxIso(fresh.last_airing_utc, iso(last)),
    station_airings: facts.apply(fresh.station_airings, facts.stations),
    media_airings: facts.apply(fresh.media_airings, facts.media),
    has_costs: fresh.has_costs === true || facts.costs,
  };
}

/**
 * What an import changed of the client's per-station and per-media airing counts: the
 * difference between each rewritten partition before and after (so a re-imported or updated
 * airing is not counted twice, and one that moved station moves its count), and whether any
 * airing now carries a cost.
 */
class AiringFacts {
  readonly stations = new Map<string, number>();
  readonly media = new Map<string, number>();
  costs = false;

  replace(before: readonly StoredAiring[], after: readonly StoredAiring[]): void {
    for (const [rows, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      for (const r of rows) {
        this.stations.set(r.station, (this.stations.get(r.station) ?? 0) + sign);
        this.media.set(r.station_type, (this.media.get(r.station_type) ?? 0) + sign);
      }
    }
    if (after.some((r) => (r.cost_cents ?? 0) > 0)) this.costs = true;
  }

  /** `counts` plus `delta`, without keys at zero. */
  apply(counts: Record<string, number> | undefined, delta: ReadonlyMap<string, number>) {
    const out: Record<string, number> = { ...counts };
    for (const [key, d] of delta) {
      const n = (out[key] ?? 0) + d;
      if (n > 0) out[key] = n;
      else delete out[key];
    }
    return out;
  }
}
