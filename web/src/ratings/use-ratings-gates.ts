import { useCallback } from 'react';
import { gateFor, type RatingsFeature } from '#shared/billing/ratings-gates';
import { useSession } from '../account/use-account';
import { sessionProducts } from '../billing/use-billing';

/**
 * Which ratings features the signed-in caller has unlocked, by the one gate table
 * (layers/shared/billing/ratings-gates.ts) over the session's available_products; staff see
 * all. The browser only chooses what to show: the nowl_* routes refuse a locked filter
 * themselves (403 with the gate's message).
 * @returns `gate(feature)` → `{ allowed, gate }`, and whether the session has loaded.
 */
export function useRatingsGates() {
  const session = useSession();
  const flags = sessionProducts(session.data);
  const staff = (session.data as { staff?: unknown } | null | undefined)?.staff === true;
  const gate = useCallback(
    (feature: RatingsFeature) => gateFor(feature, flags, staff),
    [flags, staff],
  );
  return { gate, ready: session.data !== undefined };
}
