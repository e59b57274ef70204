import type { Caller } from '#shared/auth/caller';
import type { BillingProfile } from '#shared/contracts/billing.schema';
import { Forbidden, NotFound } from '#shared/errors';
import { billingProfileOf } from './get-billing-profile';
import type { BillingDeps } from './ports';
import { syncCustomer } from './sync-customer';

/**
 * POST approve_invoice_customer (staff only): trusts an organisation that pays by invoice, so
 * its orders grant access before their first invoice is paid (the usual terms for a customer
 * whose accounts payable was checked); `approved: false` withdraws the trust, and orders with no
 * paid invoice go back to pending.
 *
 * Steps:
 * 1. The caller must be staff (the route is staff-only too; checked again here).
 * 2. Record who approved it and when on the organisation's billing account (or clear both).
 * 3. Copy the organisation's subscriptions from Stripe again, so their access follows at once.
 * @returns the organisation's refreshed billing profile (`invoice_approved`, and the access of
 *   its subscription).
 * @throws Forbidden for a caller who is not staff; NotFound('Organization') for an unknown id.
 */
export async function approveInvoiceCustomer(
  deps: BillingDeps,
  caller: Caller,
  input: { organization_uid: string; approved: boolean },
): Promise<BillingProfile> {
  if (!caller.staff) throw new Forbidden();
  const org = await deps.accounts.getOrganization(input.organization_uid);
  if (!org) throw new NotFound('Organization');
  const at = deps.now().toISOString();
  await deps.store.updateAccount(org.org_uid, {
    invoice_approved_at: input.approved ? at : null,
    invoice_approved_by: input.approved ? caller.userId : null,
    updated_at: at,
  });
  const customer = (await deps.store.getAccount(org.org_uid))?.stripe_customer_id;
  if (customer) await syncCustomer(deps, customer, org.org_uid);
  return billingProfileOf(deps, org);
}
