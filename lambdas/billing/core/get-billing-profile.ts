import type { Organization } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import type { BillingProfile, InvoiceView } from '#shared/contracts/billing.schema';
import { requireBillingManager } from './billing-access';
import type { BillingDeps, CardSummary, InvoiceInfo } from './ports';
import { currentRecord, isoOf, toView } from './subscription-copy';

/** How many recent invoices the profile lists. */
export const PROFILE_INVOICES = 10;

const invoiceView = (i: InvoiceInfo): InvoiceView => ({
  id: i.id,
  number: i.number,
  amount_due: i.amount_due,
  amount_paid: i.amount_paid,
  status: i.status,
  created: isoOf(i.created),
  hosted_invoice_url: i.hosted_invoice_url,
});

/**
 * The billing profile of an organisation, without an access check (callers check first).
 * Cards and invoices are read from Stripe (the source); the contact and the subscription from
 * our copies. `billing_setup`: card billing with a default card, or invoice billing with a
 * contact. The subscription says the access it gives now (subscription-copy.ts toView).
 */
export async function billingProfileOf(
  deps: Pick<BillingDeps, 'payments' | 'store' | 'now'>,
  org: Organization,
): Promise<BillingProfile> {
  const [account, records] = await Promise.all([
    deps.store.getAccount(org.org_uid),
    deps.store.subscriptionsOf(org.org_uid),
  ]);
  const customer = account?.stripe_customer_id ?? null;
  const [cards, invoices]: [CardSummary[], InvoiceInfo[]] = customer
    ? await Promise.all([
        deps.payments.listPaymentMethods(customer),
        deps.payments.listInvoices(customer, PROFILE_INVOICES),
      ])
    : [[], []];
  const card = cards.find((c) => c.default) ?? null;
  const method = account?.billing_method ?? null;
  const contact = account?.contact ?? null;
  const current = currentRecord(records);
  return {
    organization_uid: org.org_uid,
    name: contact?.billing_contact_name || org.name,
    brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
    billing_setup: method === 'card' ? card !== null : method === 'invoice' && contact !== null,
    billing_method: method,
    payment_methods: cards.map((c) => ({ ...c })),
    contact,
    subscription: current ? toView(current, deps.now()) : null,
    invoices: invoices.map(invoiceView),
    invoice_approved: Boolean(account?.invoice_approved_at),
  };
}

/**
 * GET get_billing_profile (spec §7 "Get billing profile (organization_uid; response result)";
 * §3 "Billing profile"): contact, cards (brand, last4, expiry, default), the subscription and
 * recent invoices of one organisation.
 * @throws NotFound('Organization') when the caller is not a member; Forbidden for plain members.
 */
export async function getBillingProfile(
  deps: BillingDeps,
  caller: Caller,
  input: { organization_uid: string },
): Promise<BillingProfile> {
  const { org } = await requireBillingManager(deps, caller, input.organization_uid);
  return billingProfileOf(deps, org);
}
