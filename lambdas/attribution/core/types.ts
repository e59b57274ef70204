/**
 * Types of the attribution engine (pure TypeScript: no AWS, no SQL).
 * Source: shared/notes/attribution-method.md §5.1-5.3; spec §3 "Broadcast row", §9 attribution window.
 *
 * Conventions: instants are epoch SECONDS in UTC; visit values are counts per bucket
 * (visits per minute in minute mode, visits per hour in hourly mode); money is integer cents.
 */

/** The market key of an airing seen nationwide (national cable, a national network feed). */
export const NATIONAL = 'national';

/** Station types of spec §3 (post-log `station_type` values are normalised onto these). */
export type StationType = 'tv' | 'radio' | 'cable' | 'streaming' | 'podcast';

/** One airing (spot) from a post-log, normalised. */
export interface Airing {
  /** Post-log id column when present, else the 1-based row number, as a string. */
  id: string;
  /** Start instant, epoch seconds UTC, to the second. */
  startUtc: number;
  /** DMA code as a string ('501'), or NATIONAL. */
  market: string;
  /** IANA time zone of the market's local clock, used for dayparts and calendar groups. */
  tz: string;
  station: string;
  stationType: StationType;
  network: string | null;
  program: string | null;
  cableZone: string | null;
  /** ISCI / creative id or name. */
  creative: string | null;
  /** Spot length in seconds. */
  lengthS: number;
  /** Cost in integer cents; null when the post-log has no cost. */
  costCents: number | null;
  /** Optional impressions (or downloads for podcasts); used for the split when every airing in a cluster has them. */
  impressions: number | null;
}

/** Attribution methods of spec §3 Filters (similarwebvisits is not minute data and is not attributed here). */
export type AttributionMethod = 'sessions' | 'pageviews' | 'newuserbaseline';

/** Time resolution of the visit data: minute data uses the window; hourly is the §5.2 fallback. */
export type Resolution = 'minute' | 'hour';

/**
 * Dense visit series for one metric (chosen by the AttributionMethod before the engine runs).
 * `byMarket.get(dma)[i]` = visits from that DMA in the bucket starting at `startUtc + i * step`,
 * where step = 60 s (minute) or 3600 s (hour). `national[i]` is the sum over ALL visits in that
 * bucket, including those of unknown geography. All arrays have length `length`.
 */
export interface VisitData {
  resolution: Resolution;
  /** Start of bucket 0, epoch seconds UTC, aligned to the step. */
  startUtc: number;
  /** Number of buckets. */
  length: number;
  byMarket: Map<string, Float64Array>;
  national: Float64Array;
}

/** Options of one attribution run. Defaults come from spec §9 and the method note. */
export interface AttributionOptions {
  /** Response window after an airing's start, minutes. @default 8 (spec §9) */
  windowMinutes?: number;
  /** Weeks of same-weekday history used for the baseline median. @default 8 (method note: K = 4-8) */
  baselineWeeks?: number;
  /** Below this many weeks of history, fall back to the pre-window rate. @default 2 */
  minBaselineWeeks?: number;
  /** Spot-free minutes before a cluster used for the level factor r. @default 15 */
  levelMinutes?: number;
  /** Only airings starting in [fromUtc, toUtc) are attributed (history before fromUtc still feeds the baseline). */
  fromUtc?: number;
  toUtc?: number;
  /** Significance level for the `significant` flag and the interval. @default 0.05 */
  alpha?: number;
  /** Compute the halo post-window sums (minute mode only). @default true */
  halo?: boolean;
  /**
   * How a shared bucket's excess is divided among the airings active in it: 'equal' = equally, or
   * by impressions when every airing of the cluster has them (method note §5.1 step 4); 'response'
   * = in proportion to each airing's expected response, estimated from the data themselves
   * (EM-style reweighting with empirical-Bayes shrinkage, docs/attribution-method.md). Either way
   * the weights of a bucket sum to 1, so the campaign total is the same and every estimate stays
   * signed. @default 'response'
   */
  split?: 'equal' | 'response';
}

/** The engine's verdict on one airing. Visits are counts over the airing's window. */
export interface AiringResult {
  airingId: string;
  /** O_a = Σ w_a(t)·x(t): observed visits credited to this airing's share of its window. */
  observed: number;
  /** E_a = Σ w_a(t)·b(t): expected (baseline) visits over the same share. */
  expected: number;
  /** A_a = O_a − E_a, SIGNED (may be negative). Sums and VPA use the signed value. */
  attributed: number;
  /** One-sided p-value of O_a against the baseline (Poisson or over-dispersed normal). */
  pValue: number;
  /** 95% interval (at 1-alpha) of the attributed visits. */
  ciLow: number;
  ciHigh: number;
  /** pValue < alpha and not directional. */
  significant: boolean;
  /** True when the volume is below the method note's thresholds: show as "directional". */
  directional: boolean;
  /** Over-dispersion φ used for this airing's market (1 = Poisson). Added by the engine; absent = 1. */
  dispersion?: number;
  /** Mean credit share over the window's buckets (1 = alone in every bucket). */
  meanShare?: number;
  /**
   * Halo post-window (method note §5.3): observed and expected visits in the spot-free minutes
   * [start + window, start + 60), shared equally where post-windows overlap. 0 in hourly mode.
   */
  postObserved?: number;
  postExpected?: number;
}

/** Campaign-level outputs (method note §5.3 and §7). */
export interface CampaignSummary {
  airings: number;
  /** All visits of the attributed markets in [fromUtc, toUtc). */
  totalVisits: number;
  /** Σ A_a (signed). */
  attributedVisits: number;
  /** Σ O_a and Σ E_a over all airings. */
  observedVisits: number;
  expectedVisits: number;
  /** attributed / total visits (the spec's "lift"). */
  liftShare: number;
  /** Σ(O − E) / Σ E, with a 95% lower bound. */
  relativeLift: number;
  relativeLiftLow: number;
  /** Visits per minute inside versus outside airing windows. */
  onAirPerMinute: number;
  offAirPerMinute: number;
  /** Mean visits per day on days with at least one airing versus days without (null when no such day). */
  onAirPerDay: number | null;
  offAirPerDay: number | null;
  /** Σ cost in cents over airings with a cost; null when none has one. */
  costCents: number | null;
  significantAirings: number;
  /** Over-dispersion φ estimated from spot-free windows (1 = Poisson). */
  dispersion: number;
}

/** Result of one attribution run. `airings` is in the input order. */
export interface AttributionResult {
  resolution: Resolution;
  windowMinutes: number;
  airings: AiringResult[];
  campaign: CampaignSummary;
}

/** Dimensions the report groups by (spec §2 Report screens). */
export type Dimension =
  | 'daypart'
  | 'day_of_week'
  | 'day_of_month'
  | 'week_number'
  | 'month_of_year'
  | 'station'
  | 'network'
  | 'program'
  | 'cable_zone'
  | 'creative'
  | 'spot_length';
