import { orderProductSchema } from '#shared/contracts/billing.schema';
import { userRoute } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { orderProduct } from '../core/order-product';
import type { BillingDeps } from '../core/ports';

/**
 * POST order_product `{ plan, product, organization_uid, accept_terms, association_code?,
 * features? }` (spec §7): an OrderResult (billing.schema.ts). 400 `billing_required` when a paid
 * plan is ordered without billing; 402 with `result.card_result.message` when the card is refused.
 */
export function makeHandler(deps: () => BillingDeps) {
  return userRoute(orderProductSchema, (input, { caller }) => orderProduct(deps(), caller, input));
}

export const handler = makeHandler(billingDeps);
