import type { Caller } from '#shared/auth/caller';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { Outlet, SavePlanInput } from '#shared/contracts/acquisition.schema';
import type { RatingsKind } from '#shared/contracts/ratings.schema';

/**
 * What the calculator knows of an outlet: the contract's Outlet (newest rating and interval,
 * median 30-second spot rate in integer cents, median visits per airing, advertisers and airings
 * behind them) plus, when the ratings engine knows it, the median airings per advertiser per
 * month there (the basis of the monthly airings cap, rates.ts monthlyCap).
 */
export interface OutletFacts extends Outlet {
  /** Median airings per advertiser per calendar month; null or absent when not known. */
  median_airings_per_month?: number | null;
}

/** Which outlets to read (acquisitionowl_outlets filters; empty regions = every market). */
export interface OutletFilter {
  regions: readonly string[];
  broadcast_type: 'all' | 'tv' | 'radio';
  format: string;
  /** Daypart ids ('tv:prime'); empty = all day. The daypart's rating where one is published. */
  dayparts: readonly string[];
}

/**
 * The ratings engine's published results as the calculator reads them (adapters/
 * ratings-outlets.ts reads them from the ratings context's stored results). Medians only and
 * k-anonymous: an outlet without enough advertisers has null rating, rate and VPA.
 */
export interface OutletSource {
  /** Whether a real period is published (else only the sample cohort answers). */
  realAvailable(): Promise<boolean>;
  /** The outlets of one cohort that match the filter, in no particular order. */
  outlets(kind: RatingsKind, filter: OutletFilter): Promise<OutletFacts[]>;
}

/** An advertiser's own visits per airing over its latest report (null before a report). */
export interface OwnVpaSource {
  ownVpa(clientUid: string): Promise<number | null>;
}

/**
 * What a signed-in caller has unlocked (layers/shared/billing/ratings-gates.ts): planning with
 * the real ratings (`calculator_real`) and by daypart (`ratings_dayparts`, as the ratings pages).
 */
export interface RealRatingsGate {
  allowsReal(caller: Caller): Promise<boolean>;
  allowsDayparts(caller: Caller): Promise<boolean>;
}

/** The plan as kept on the client record (acquisitionowl_save). */
export type SavedPlan = Pick<SavePlanInput, 'goals_and_objectives' | 'return_calculator'>;

/** Everything the acquisition routes need. */
export interface AcquisitionDeps {
  outlets: OutletSource;
  ownVpa: OwnVpaSource;
  gate: RealRatingsGate;
  companies: CompaniesRepository;
}
