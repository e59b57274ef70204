import { noInput, userRoute } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { getSubscriptions } from '../core/get-subscriptions';
import type { BillingDeps } from '../core/ports';

/** GET get_subscriptions (spec §7): the caller's SubscriptionsResult (billing.schema.ts). */
export function makeHandler(deps: () => BillingDeps) {
  return userRoute(noInput, (_input, { caller }) => getSubscriptions(deps(), caller));
}

export const handler = makeHandler(billingDeps);
