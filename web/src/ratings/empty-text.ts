import { RATING_MIN_ADVERTISERS, RATING_MIN_AIRINGS } from '#shared/contracts/ratings.schema';

/** Why a slot shows no rating: the k-anonymity thresholds (ratings.schema.ts), in plain words. */
export const THRESHOLD_NOTE = `${RATING_MIN_ADVERTISERS} advertisers and ${RATING_MIN_AIRINGS} airings are needed`;

/** The empty state of a market (or of everything when no market is chosen). */
export function noRatingsText(marketName: string | null): string {
  return marketName
    ? `No station in ${marketName} has enough advertisers yet (${THRESHOLD_NOTE}).`
    : `No station in this market has enough advertisers yet (${THRESHOLD_NOTE}).`;
}
