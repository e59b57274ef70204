import type { RatingsKind } from '#shared/contracts/ratings.schema';

/**
 * Who may count in the ratings (the k-anonymity rule "fake clients do not count"), judged when
 * recomputing from the client record as it is then, never from what a contribution says of
 * itself.
 */

/** What eligibility reads of a client record (companies.ts ClientRecord). */
export interface EligibilityRecord {
  sample_data: boolean;
  demo: boolean;
  connection_status?: string;
}

/**
 * Does a client count in ratings of `kind`?
 * - demo clients never count (every user can read them);
 * - `sample`: sample-data clients only;
 * - `real`: a client with real data AND either a connected analytics account (its visits come
 *   from the source, not an upload anyone could make up) or an owning organisation with an
 *   entitled subscription (`orgEntitled`). Unverified, unpaid, unconnected clients are fakes as
 *   far as the ratings go, whatever they uploaded.
 */
export function countsIn(
  kind: RatingsKind,
  client: EligibilityRecord | null,
  orgEntitled: boolean,
): boolean {
  if (!client || client.demo) return false;
  if (kind === 'sample') return client.sample_data;
  if (client.sample_data) return false;
  return client.connection_status === 'connected' || orgEntitled;
}
