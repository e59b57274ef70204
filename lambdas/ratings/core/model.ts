import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { StationFormat } from '#shared/contracts/stations.schema';
import type { StationType } from '../../attribution/core/types';

/**
 * What a recompute publishes for one period (a calendar month) of one kind, as stored and read
 * back by the routes: the rated slots, a description of the withheld ones (no station, no
 * advertiser: only enough to count them under a filter) and the top-ten lists.
 */

/** `all` or a daypart key. */
export type DaypartKey = string;

/** One published rating. */
export interface RatedSlot {
  subject: 'station' | 'format';
  /** Station id when the call sign matched the station list, else the call sign; null for formats. */
  station_key: string | null;
  station_id: string | null;
  call_sign: string | null;
  label: string;
  type: StationType;
  market: string;
  format: StationFormat;
  daypart: DaypartKey;
  /** Top-level industry id of the cohort; null = every advertiser. */
  industry: string | null;
  rating: number;
  low: number;
  high: number;
  level: number;
  advertisers: number;
  airings: number;
  /** Rank among the market's rated stations of the same format and daypart (stations, all industries). */
  rank: number | null;
  previous_rating: number | null;
  /**
   * Median over the voices with costs of their cost of a 30-second airing there, integer cents;
   * null unless at least RATING_MIN_ADVERTISERS voices have costs.
   */
  rate30_cents: number | null;
  /** Median over the voices of their signed visits per airing there. */
  vpa: number;
}

/** A slot with airings below the thresholds: counted under filters, never shown. */
export interface WithheldSlot {
  subject: 'station' | 'format';
  type: StationType;
  market: string;
  format: StationFormat;
  daypart: DaypartKey;
  industry: string | null;
}

/** One top-ten row as stored. */
export interface StoredTopRow {
  rank: number;
  station_key: string;
  station_id: string | null;
  call_sign: string;
  label: string;
  type: StationType;
  rating: number;
  low: number;
  high: number;
  advertisers: number;
  airings: number;
  previous_rank: number | null;
  movement: number | null;
}

/** One top-ten list: a market, a format ('all' too) and a daypart ('all' too). */
export interface StoredTopList {
  market: string;
  format: StationFormat | 'all';
  daypart: DaypartKey;
  rows: StoredTopRow[];
}

/** A published period. */
export interface PeriodResult {
  kind: RatingsKind;
  period: string;
  /** ISO-8601 UTC. */
  computed_at: string;
  rows: RatedSlot[];
  withheld: WithheldSlot[];
  top: StoredTopList[];
}

/** One entry of the PERIODS list of a kind. */
export interface PublishedPeriod {
  period: string;
  /** Stamp of the stored generation (readers cache by it; a forced recompute writes a new one). */
  generation: string;
  /** Rated slots in it (0: published but nothing reached the thresholds). */
  rated: number;
  published_at: string;
}
