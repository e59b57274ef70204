import { organizationRefSchema } from '#shared/contracts/billing.schema';
import { userRoute } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { getBillingProfile } from '../core/get-billing-profile';
import type { BillingDeps } from '../core/ports';

/**
 * GET get_billing_profile?organization_uid= (spec §7): the organisation's BillingProfile
 * (billing.schema.ts). 404 for a non-member, 403 for a plain member.
 */
export function makeHandler(deps: () => BillingDeps) {
  return userRoute(organizationRefSchema, (input, { caller }) =>
    getBillingProfile(deps(), caller, input),
  );
}

export const handler = makeHandler(billingDeps);
