import type { AuthenticatorCheck } from '#shared/auth/authenticator-check';
import { poolAuthenticators } from '#shared/auth/cognito-authenticator-check';
import { approveInvoiceCustomerSchema } from '#shared/contracts/billing.schema';
import { staffRoute } from '#shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { approveInvoiceCustomer } from '../core/approve-invoice-customer';
import type { BillingDeps } from '../core/ports';

/**
 * POST approve_invoice_customer `{ organization_uid, approved? }` (staff only: 401 without a
 * session, 403 for anyone else, 403 `mfa_required` for staff without an authenticator app):
 * lets an invoice customer's orders grant access before their first invoice is paid, or
 * withdraws that; answers the organisation's BillingProfile.
 */
export function makeHandler(
  deps: () => BillingDeps,
  authenticators: () => AuthenticatorCheck = poolAuthenticators,
) {
  return staffRoute(
    approveInvoiceCustomerSchema,
    (input, { caller }) => approveInvoiceCustomer(deps(), caller, input),
    authenticators,
  );
}

export const handler = makeHandler(billingDeps);
