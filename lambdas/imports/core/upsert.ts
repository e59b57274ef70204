import { type StoredAiring, sameAiring, utcDate } from './lake-rows';
import { VisitsBuilder } from './parse-visits';
import type { VisitsColumns } from './types';

/** Counts of an upsert: rows added, rows whose values changed, rows already identical. */
export interface UpsertCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Upserts airings into one partition by airing_key (importing the same file twice adds no
 * airing twice; a changed cost updates the row).
 * @returns the partition's rows sorted by start_utc then airing_key, and the counts.
 */
export function upsertAirings(
  existing: readonly StoredAiring[],
  incoming: readonly StoredAiring[],
): UpsertCounts & { rows: StoredAiring[] } {
  const byKey = new Map(existing.map((r) => [r.airing_key, r]));
  const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
  for (const row of incoming) {
    const old = byKey.get(row.airing_key);
    if (!old) counts.added++;
    else if (sameAiring(old, row)) {
      counts.unchanged++;
      continue;
    } else counts.updated++;
    byKey.set(row.airing_key, row);
  }
  const rows = [...byKey.values()].sort(
    (a, b) => a.start_utc - b.start_utc || (a.airing_key < b.airing_key ? -1 : 1),
  );
  return { ...counts, rows };
}

/** Row indices of columnar visits (or foot traffic) grouped by the UTC date of their bucket. */
export function visitsByDate(
  v: Pick<VisitsColumns, 'length' | 'bucketUtc'>,
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let lastDay = Number.NaN;
  let list: number[] = [];
  for (let i = 0; i < v.length; i++) {
    const day = Math.floor(v.bucketUtc[i]! / 86400);
    if (day !== lastDay) {
      const date = utcDate(day * 86400);
      list = out.get(date) ?? [];
      out.set(date, list);
      lastDay = day;
    }
    list.push(i);
  }
  return out;
}

/**
 * A lake row as a tuple: [bucket_utc, key text, ...values]. The first two make the row's key
 * (dma_code for visits, location_id for foot traffic); the rest are compared for updates.
 */
export type KeyedRow = readonly [number, string, ...(string | number)[]];

/**
 * Upserts `fresh` rows into a partition's `existing` rows by key (bucket_utc, key text); a later
 * fresh row wins over an earlier one with the same key. A row counts as updated when any value
 * after the key differs, unchanged otherwise.
 * @returns the merged rows sorted by bucket_utc then key text, and the counts.
 */
export function upsertRows<V extends KeyedRow>(
  existing: Iterable<V>,
  fresh: Iterable<V>,
): UpsertCounts & { rows: V[] } {
  const keyOf = (v: V) => `${v[0]}|${v[1]}`;
  const byKey = new Map<string, V>();
  for (const v of existing) byKey.set(keyOf(v), v);
  const incoming = new Map<string, V>();
  for (const v of fresh) incoming.set(keyOf(v), v);
  const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
  for (const [key, vals] of incoming) {
    const old = byKey.get(key);
    if (!old) counts.added++;
    else if (vals.every((x, i) => i < 2 || sameValue(old[i], x))) counts.unchanged++;
    else counts.updated++;
    byKey.set(key, vals);
  }
  const rows = [...byKey.values()].sort(
    (a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0),
  );
  return { ...counts, rows };
}

/** Equal cells; NaN (a metric not measured) equals NaN, so re-importing it changes nothing. */
const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

/** Row tuples of columns: `valsOf` for each index in `indices` (all rows when omitted). */
export function* rowTuples<C extends { length: number }, V>(
  cols: C | null,
  valsOf: (cols: C, i: number) => V,
  indices?: readonly number[],
): Generator<V> {
  if (!cols) return;
  if (indices) for (const i of indices) yield valsOf(cols, i);
  else for (let i = 0; i < cols.length; i++) yield valsOf(cols, i);
}

/**
 * Upserts visits rows (the `rows` indices of `incoming`) into a partition by
 * (bucket_utc, dma_code); a later row of the file wins over an earlier one, whole: a row of a
 * file without the engagement columns replaces a measured row with a not-measured one.
 * @returns the partition sorted by bucket_utc then dma_code, and the counts.
 */
export function upsertVisits(
  existing: VisitsColumns | null,
  incoming: VisitsColumns,
  rows: readonly number[],
): UpsertCounts & { visits: VisitsColumns } {
  type Vals = [number, string, number, number, number, number, number];
  const valsOf = (v: VisitsColumns, i: number): Vals => [
    v.bucketUtc[i]!,
    v.dmaCodes[v.dmaIndex[i]!]!,
    v.sessions[i]!,
    v.newUsers[i]!,
    v.pageviews[i]!,
    v.engagedSessions?.[i] ?? Number.NaN,
    v.engagementS?.[i] ?? Number.NaN,
  ];
  const merged = upsertRows(rowTuples(existing, valsOf), rowTuples(incoming, valsOf, rows));
  const b = new VisitsBuilder(incoming.resolution);
  for (const r of merged.rows) b.add(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
  const { rows: _, ...counts } = merged;
  return { ...counts, visits: b.build() };
}
