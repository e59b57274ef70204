import type { Caller } from '#shared/auth/caller';
import { ENTITLED_STATUSES } from '#shared/billing/available-products';
import type { BillingContact, BillingProfile } from '#shared/contracts/billing.schema';
import { CardError, ValidationError } from '#shared/errors';
import { customerFor, requireBillingManager } from './billing-access';
import { billingProfileOf } from './get-billing-profile';
import type { BillingDeps, CustomerDetails } from './ports';

/** add_billing_profile input after parsing (billing.schema.ts addBillingProfileSchema). */
export interface AddBillingProfileRequest {
  organization_uid: string;
  billing: BillingContact;
  credit_card: { setup_intent_id: string } | null;
}

/** Shown when Stripe gives no message of its own for a card that was not saved. */
export const CARD_NOT_SAVED =
  'Your card could not be saved. Please check the details and try again.';

const details = (c: BillingContact): CustomerDetails => ({
  name: c.billing_contact_name,
  email: c.billing_contact_emails[0] ?? '',
  phone: c.billing_contact_phone,
  address: {
    line1: c.billing_address,
    line2: c.billing_address_additional,
    city: c.billing_city,
    state: c.billing_state,
    postal_code: c.billing_zipcode,
    country: c.billing_country,
  },
});

/**
 * POST add_billing_profile (spec §7 "Add billing profile POST (organization_uid, billing,
 * credit_card)"; §3 "Billing profile", "Billing contact").
 *
 * Steps:
 * 1. The caller must be an owner or admin; ensure the organisation's Stripe customer.
 * 2. Card: the SetupIntent the browser confirmed must belong to this customer and have
 *    succeeded; its card becomes the customer's default (the one subscriptions charge).
 * 3. Stripe's customer gets the contact (invoices go to the first e-mail).
 * 4. Live subscriptions paid another way switch to the chosen method.
 * 5. Store the contact and method; answer the refreshed profile.
 * @throws ValidationError (`credit_card`) for a SetupIntent of another customer; CardError
 *   (402, `result.card_result.message`) when the card was not saved; NotFound / Forbidden as
 *   requireBillingManager.
 */
export async function addBillingProfile(
  deps: BillingDeps,
  caller: Caller,
  input: AddBillingProfileRequest,
): Promise<BillingProfile> {
  const { org } = await requireBillingManager(deps, caller, input.organization_uid);
  const customer = await customerFor(deps, org);
  const method = input.billing.billing_method;

  if (method === 'card') {
    if (!input.credit_card) throw new ValidationError(CARD_NOT_SAVED, 'credit_card');
    const intent = await deps.payments.retrieveSetupIntent(input.credit_card.setup_intent_id);
    if (intent.customer !== customer)
      throw new ValidationError('This card was not set up for this organization.', 'credit_card');
    if (intent.status !== 'succeeded' || !intent.payment_method)
      throw new CardError(intent.error_message ?? CARD_NOT_SAVED);
    await deps.payments.setDefaultPaymentMethod(customer, intent.payment_method);
  }
  await deps.payments.updateCustomer(customer, details(input.billing));

  const live = (await deps.payments.listSubscriptions(customer)).filter(
    (s) => (ENTITLED_STATUSES as readonly string[]).includes(s.status) && s.collection !== method,
  );
  for (const sub of live) {
    await deps.payments.updateSubscription(
      sub.id,
      { items: [], metadata: sub.metadata, reset_cycle: false, collection: method },
      // One change per request: switching back and forth must not replay an earlier answer.
      `collection-${sub.id}-${method}-${deps.now().getTime()}`,
    );
  }

  const card = (await deps.payments.listPaymentMethods(customer)).find((c) => c.default);
  await deps.store.updateAccount(org.org_uid, {
    contact: input.billing,
    billing_method: method,
    card_brand: card?.brand ?? null,
    card_last4: card?.last4 ?? null,
    updated_at: deps.now().toISOString(),
  });
  return billingProfileOf(deps, org);
}
