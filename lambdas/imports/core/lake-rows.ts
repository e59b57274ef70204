import type { StationType } from '../../attribution/core/types';
import type { PostlogAiring } from './types';

/**
 * One airings row as stored in the lake: exactly AIRINGS_COLUMNS of layers/shared/lake.ts.
 * start_utc epoch seconds UTC; cost_cents integer cents or null.
 */
export interface StoredAiring {
  airing_key: string;
  airing_id: string;
  advertiser: string;
  start_utc: number;
  market: string;
  tz: string;
  station: string;
  station_type: StationType;
  network: string | null;
  program: string | null;
  cable_zone: string | null;
  creative: string | null;
  length_s: number;
  cost_cents: number | null;
  impressions: number | null;
}

/** A validated airing as a lake row. */
export function toStored(a: PostlogAiring): StoredAiring {
  return {
    airing_key: a.airingKey,
    airing_id: a.id,
    advertiser: a.advertiser,
    start_utc: a.startUtc,
    market: a.market,
    tz: a.tz,
    station: a.station,
    station_type: a.stationType,
    network: a.network,
    program: a.program,
    cable_zone: a.cableZone,
    creative: a.creative,
    length_s: a.lengthS,
    cost_cents: a.costCents,
    impressions: a.impressions,
  };
}

/** Whether two rows with the same key carry the same values (an unchanged re-import). */
export function sameAiring(a: StoredAiring, b: StoredAiring): boolean {
  for (const k of Object.keys(a) as (keyof StoredAiring)[]) if (a[k] !== b[k]) return false;
  return true;
}

/** UTC calendar date (YYYY-MM-DD) of an instant in epoch seconds: the lake's date partition. */
export const utcDate = (epochS: number) => new Date(epochS * 1000).toISOString().slice(0, 10);
