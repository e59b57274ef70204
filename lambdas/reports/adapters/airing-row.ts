import { AIRINGS_COLUMNS } from '#shared/lake';
import { interned } from '../../attribution/core/interned';
import type { Airing, StationType } from '../../attribution/core/types';

/** A lake airings row as both query engines return it (numbers may arrive as text from CSV). */
export type AiringRow = Record<string, string | number | null | undefined>;

const STATION_TYPES: readonly StationType[] = ['tv', 'radio', 'cable', 'streaming', 'podcast'];

/** The columns both engines select, in this order (layers/shared/lake.ts AIRINGS_COLUMNS). */
export const AIRING_SELECT = AIRINGS_COLUMNS.filter((c) => c !== 'advertiser');

/** Numeric columns (selected as DOUBLE so DuckDB returns numbers, not BigInt). */
export const AIRING_NUMERIC = new Set(['start_utc', 'length_s', 'cost_cents', 'impressions']);

const text = (v: AiringRow[string]): string | null =>
  v === null || v === undefined || v === '' ? null : String(v);

const num = (v: AiringRow[string]): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * Maps a lake row to the engine's Airing (lambdas/attribution/core/types.ts): start_utc epoch
 * seconds UTC, cost in integer cents, unknown station types read as tv. `names` keeps one string
 * per call sign, market and zone across the rows of one extract (interned.ts): each row of a
 * query result holds strings of its own.
 */
export function toAiring(row: AiringRow, names?: Map<string, string>): Airing {
  const stationType = String(row.station_type ?? '').toLowerCase() as StationType;
  const cost = num(row.cost_cents);
  return {
    id: text(row.airing_id) ?? text(row.airing_key) ?? '',
    startUtc: num(row.start_utc) ?? 0,
    market: interned(names, text(row.market) ?? 'national'),
    tz: interned(names, text(row.tz) ?? 'America/New_York'),
    station: interned(names, text(row.station) ?? ''),
    stationType: STATION_TYPES.includes(stationType) ? stationType : 'tv',
    network: text(row.network),
    program: text(row.program),
    cableZone: text(row.cable_zone),
    creative: text(row.creative),
    lengthS: num(row.length_s) ?? 0,
    costCents: cost === null ? null : Math.round(cost),
    impressions: num(row.impressions),
  };
}

/** The lake column holding each attribution method's metric (layers/shared/lake.ts). */
export const METRIC_COLUMN = {
  sessions: 'sessions',
  pageviews: 'pageviews',
  newuserbaseline: 'new_users',
} as const;
