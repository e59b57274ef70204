import { organizationRefSchema } from '#shared/contracts/billing.schema';
import { userRoute } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { createSetupIntent } from '../core/create-setup-intent';
import type { BillingDeps } from '../core/ports';

/**
 * POST create_setup_intent `{ organization_uid }`: a SetupIntentResult (billing.schema.ts) the
 * browser's card form confirms with Stripe directly.
 */
export function makeHandler(deps: () => BillingDeps) {
  return userRoute(organizationRefSchema, (input, { caller }) =>
    createSetupIntent(deps(), caller, input),
  );
}

export const handler = makeHandler(billingDeps);
