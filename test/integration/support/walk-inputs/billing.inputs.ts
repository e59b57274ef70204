import type { WalkRow } from '../route-walk-inputs';
import { billing, none, orgOnly } from './common';

/**
 * The route walk's rows of billing (profiles, subscriptions, orders, the Stripe webhook); the routes: layers/shared/routes/billing.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The billing routes' rows, by route name. */
export const BILLING_WALK_INPUTS: Record<string, WalkRow> = {
  get_billing_profile: { target: 'org', input: orgOnly },
  get_subscriptions: { target: 'self', input: none },
  create_setup_intent: { target: 'org', input: orgOnly },
  add_billing_profile: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, billing, credit_card: null }),
  },
  order_product: {
    target: 'org',
    input: (v) => ({
      plan: 'individual',
      product: 'both',
      organization_uid: v.orgUid,
      accept_terms: true,
    }),
  },
  cancel_subscription: { target: 'org', input: orgOnly },
  approve_invoice_customer: { target: 'open', input: orgOnly },
  stripe_webhook: { target: 'open', input: () => ({ id: 'evt_walk', type: 'invoice.paid' }) },
};
