import type { ClientRecord } from '#shared/companies/companies';
import { formatDateRange } from '#shared/format';

/**
 * The figures the organisation families (station month, advertiser, organisation roll-up) add
 * up: per client over a period, its airings, attributed visits and spend, split by station and
 * market. Visits are the engine's estimates above the baseline (spec §5), so they may carry
 * fractions; money is integer cents.
 */

/** A period: local dates YYYY-MM-DD, both inclusive, and its label ("November 2026"). */
export interface FamilyPeriod {
  start: string;
  end: string;
  label: string;
}

/** One station of one client in one market over a period. */
export interface StationStats {
  /** Call sign, upper-case. */
  station: string;
  /** DMA code ('501') or NATIONAL. */
  market: string;
  airings: number;
  /** Attributed visits (estimated, may be fractional). */
  visits: number;
  /** Spend in integer cents; null when no airing of the row carries a cost. */
  cost_cents: number | null;
}

/** A client's figures over a period; `stations` sum to the totals. */
export interface ClientPeriodStats {
  client_uid: string;
  airings: number;
  visits: number;
  cost_cents: number | null;
  stations: StationStats[];
}

/**
 * Where a client's figures for a period come from (the report pipeline's extract and
 * attribution run in-process over the lake in AWS and locally; fixed tables in tests).
 */
export interface PeriodStatsSource {
  /** @throws whatever the lake read throws; a client without airings gives zeros. */
  statsOf(client: ClientRecord, period: FamilyPeriod): Promise<ClientPeriodStats>;
}

/** Visits per airing, 2 decimals; 0 without airings. */
export function vpaOf(visits: number, airings: number): number {
  return airings > 0 ? Math.round((visits / airings) * 100) / 100 : 0;
}

/** Cost per visit in integer cents; null without spend or without visits. */
export function costPerVisitOf(costCents: number | null, visits: number): number | null {
  return costCents === null || visits <= 0 ? null : Math.round(costCents / visits);
}

/** Adds two spends where null means unknown (known + unknown = known part). */
export function addCents(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}

/** Whole visits for display (estimates are kept exact until shown). */
export const wholeVisits = (visits: number) => Math.round(visits);

/** Sums station rows that share a key (e.g. the station, over markets). */
export function sumBy<K extends string>(
  rows: readonly StationStats[],
  keyOf: (row: StationStats) => K,
): Map<K, { airings: number; visits: number; cost_cents: number | null }> {
  const out = new Map<K, { airings: number; visits: number; cost_cents: number | null }>();
  for (const row of rows) {
    const key = keyOf(row);
    const acc = out.get(key) ?? { airings: 0, visits: 0, cost_cents: null };
    acc.airings += row.airings;
    acc.visits += row.visits;
    acc.cost_cents = addCents(acc.cost_cents, row.cost_cents);
    out.set(key, acc);
  }
  return out;
}

/** Local dates start..end (inclusive) as a period labelled "MM/DD/YYYY – MM/DD/YYYY". */
export function rangePeriod(start: string, end: string): FamilyPeriod {
  return { start, end, label: formatDateRange(start, end) };
}
