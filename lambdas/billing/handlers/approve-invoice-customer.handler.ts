import { approveInvoiceCustomerSchema } from '../../../layers/shared/contracts/billing.schema';
import { staffRoute } from '../../../layers/shared/http/route-handler';
import { billingDeps } from '../adapters/billing-deps';
import { approveInvoiceCustomer } from '../core/approve-invoice-customer';
import type { BillingDeps } from '../core/ports';

/**
 * POST approve_invoice_customer `{ organization_uid, approved? }` (staff only: 401 without a
 * session, 403 for anyone else): lets an invoice customer's orders grant access before their
 * first invoice is paid, or withdraws that; answers the organisation's BillingProfile.
 */
export function makeHandler(deps: () => BillingDeps) {
  return staffRoute(approveInvoiceCustomerSchema, (input, { caller }) =>
    approveInvoiceCustomer(deps(), caller, input),
  );
}

export const handler = makeHandler(billingDeps);
