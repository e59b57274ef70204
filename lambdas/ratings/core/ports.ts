import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { RatingsContribution } from './contribution';
import type { EligibilityRecord } from './eligibility';
import type { PeriodResult, PublishedPeriod } from './model';
import type { StationResolver } from './stations';

/**
 * Ports of the ratings context (adapters in ../adapters: DynamoDB in AWS and locally, memory in
 * tests).
 */

/** Contributions filed per (kind, month, client): `pk RATINGSRC#<kind>#<YYYY-MM>`, `sk CLIENT#<uid>`. */
export interface RatingsSources {
  /**
   * Files a client's month unless the stored one covers more days of it (a shorter report never
   * replaces a longer one); adds the month to the kind's month list.
   * @returns false when the stored one was kept.
   */
  file(kind: RatingsKind, contribution: RatingsContribution): Promise<boolean>;
  /** Months with contributions of a kind, any order. */
  months(kind: RatingsKind): Promise<string[]>;
  /** Every contribution filed for the month. */
  listMonth(kind: RatingsKind, month: string): Promise<RatingsContribution[]>;
  /** Takes a client's contribution to a month out (no-op when absent). */
  remove(kind: RatingsKind, month: string, clientUid: string): Promise<void>;
}

/** Published results: the PERIODS list of a kind and each period's stored generation. */
export interface RatingsResults {
  /** Published periods of a kind, newest first. */
  periods(kind: RatingsKind): Promise<PublishedPeriod[]>;
  /** A published period's result (null when its generation is gone). */
  read(kind: RatingsKind, period: PublishedPeriod): Promise<PeriodResult | null>;
  /** Writes a period's result as a new generation, then points the PERIODS list at it. */
  publish(result: PeriodResult): Promise<PublishedPeriod>;
}

/** What the recompute reads of a client record (companies.ts ClientRecord). */
export type RatingsClientRecord = EligibilityRecord & {
  org_uid: string;
  industry_id?: string | null;
};

/** The client records eligibility, voices and cohorts are read from (never from the item). */
export interface RatingsClients {
  /** Records by client uid (missing ones absent). */
  records(clientUids: readonly string[]): Promise<Map<string, RatingsClientRecord>>;
  /** Whether an organisation has a subscription entitling it now (billing's copies). */
  orgEntitled(orgUid: string): Promise<boolean>;
}

/** The station list (lambdas/reference) as the recompute needs it. */
export interface RatingsStations {
  /** A resolver over the loaded list; one that matches nothing when the list is not loaded. */
  resolver(): Promise<StationResolver>;
}

/** Industry taxonomy: the top-level parent of an industry id (null when unknown). */
export type IndustryRoot = (industryId: string) => string | null;

/** Clock. */
export interface RatingsClock {
  now(): Date;
}
