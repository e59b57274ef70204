import { addBillingProfileSchema } from '#shared/contracts/billing.schema';
import { userRoute } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { addBillingProfile } from '../core/add-billing-profile';
import type { BillingDeps } from '../core/ports';

/**
 * POST add_billing_profile `{ organization_uid, billing, credit_card: { setup_intent_id } }`
 * (spec §7): the refreshed BillingProfile; 400 with the spec §5 message of the first bad field;
 * 402 with `result.card_result.message` when the card was not saved.
 */
export function makeHandler(deps: () => BillingDeps) {
  return userRoute(addBillingProfileSchema, (input, { caller }) =>
    addBillingProfile(deps(), caller, input),
  );
}

export const handler = makeHandler(billingDeps);
