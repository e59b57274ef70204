/**
 * Route rows of the billing context (lambdas/billing/handlers/); assembled into ROUTES by
 * layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** Access of the billing routes that change billing: the CompaniesTable and Stripe. */
const BILLING_WRITE: RouteDef['access'] = ['companies:read', 'companies:write', 'billing:secrets'];

/** The billing routes, in registry order. */
export const BILLING_ROUTES = [
  // Billing (spec §7 "Billing and orders"): Stripe + the billing copies.
  ...contextRoute('get_billing_profile', 'GET', 'user', ['companies:read', 'billing:secrets']),
  ...contextRoute('get_subscriptions', 'GET', 'user', ['companies:read']),
  ...contextRoute('create_setup_intent', 'POST', 'user', BILLING_WRITE),
  ...contextRoute('add_billing_profile', 'POST', 'user', BILLING_WRITE),
  ...contextRoute('order_product', 'POST', 'user', BILLING_WRITE),
  ...contextRoute('cancel_subscription', 'POST', 'user', BILLING_WRITE),
  // Staff: an invoice customer's orders grant access before their first invoice is paid.
  ...contextRoute('approve_invoice_customer', 'POST', 'staff', BILLING_WRITE),
  // Stripe's events: verified by signature, not by a user token; sessions hold event claims.
  ...contextRoute('stripe_webhook', 'POST', 'public', [
    ...BILLING_WRITE,
    'sessions:read',
    'sessions:write',
  ]),
] as const satisfies readonly RouteDef[];
