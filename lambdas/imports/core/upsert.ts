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
 * Upserts airings into one partition by airing_key (issue #2 §3: importing the same file twice
 * adds no airing twice; a changed cost updates the row).
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

/** Row indices of columnar visits grouped by the UTC date of their bucket. */
export function visitsByDate(v: VisitsColumns): Map<string, number[]> {
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
 * Upserts visits rows (the `rows` indices of `incoming`) into a partition by
 * (bucket_utc, dma_code); a later row of the file wins over an earlier one.
 * @returns the partition sorted by bucket_utc then dma_code, and the counts.
 */
export function upsertVisits(
  existing: VisitsColumns | null,
  incoming: VisitsColumns,
  rows: readonly number[],
): UpsertCounts & { visits: VisitsColumns } {
  type Vals = [number, string, number, number, number];
  const valsOf = (v: VisitsColumns, i: number): Vals => [
    v.bucketUtc[i]!,
    v.dmaCodes[v.dmaIndex[i]!]!,
    v.sessions[i]!,
    v.newUsers[i]!,
    v.pageviews[i]!,
  ];
  const byKey = new Map<string, Vals>();
  if (existing) {
    for (let i = 0; i < existing.length; i++) {
      const vals = valsOf(existing, i);
      byKey.set(`${vals[0]}|${vals[1]}`, vals);
    }
  }
  const fresh = new Map<string, Vals>();
  for (const i of rows) {
    const vals = valsOf(incoming, i);
    fresh.set(`${vals[0]}|${vals[1]}`, vals);
  }
  const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
  for (const [key, vals] of fresh) {
    const old = byKey.get(key);
    if (!old) counts.added++;
    else if (old[2] === vals[2] && old[3] === vals[3] && old[4] === vals[4]) counts.unchanged++;
    else counts.updated++;
    byKey.set(key, vals);
  }
  const sorted = [...byKey.values()].sort(
    (a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0),
  );
  const b = new VisitsBuilder(incoming.resolution);
  for (const r of sorted) b.add(r[0], r[1], r[2], r[3], r[4]);
  return { ...counts, visits: b.build() };
}
