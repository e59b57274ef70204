import { cancelSubscriptionSchema } from '#shared/contracts/billing.schema';
import { userRoute } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { cancelSubscription } from '../core/cancel-subscription';
import type { BillingDeps } from '../core/ports';

/**
 * POST cancel_subscription `{ organization_uid, resume? }` (spec §7): cancels at the period end
 * (or resumes); answers the refreshed BillingProfile.
 */
export function makeHandler(deps: () => BillingDeps) {
  return userRoute(cancelSubscriptionSchema, (input, { caller }) =>
    cancelSubscription(deps(), caller, input),
  );
}

export const handler = makeHandler(billingDeps);
