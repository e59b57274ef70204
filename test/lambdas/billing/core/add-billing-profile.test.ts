import { describe, expect, test } from 'vitest';
import { billingContactSchema } from '#shared/contracts/billing.schema';
import { CardError, ValidationError } from '#shared/errors';
import { addBillingProfile } from '../../../../lambdas/billing/core/add-billing-profile';
import { customerFor } from '../../../../lambdas/billing/core/billing-access';
import { createSetupIntent } from '../../../../lambdas/billing/core/create-setup-intent';
import { orderProduct } from '../../../../lambdas/billing/core/order-product';
import { type BillingWorld, billingWorld, CONTACT, caller, setUpCard } from '../fakes';

const alice = caller('alice');
const contact = (over: Record<string, unknown> = {}) =>
  billingContactSchema.parse({ ...CONTACT, ...over });

async function customerOf(w: BillingWorld, orgUid: string) {
  const org = await w.accounts.getOrganization(orgUid);
  return customerFor(w.deps, org!);
}

describe('create_setup_intent', () => {
  test("creates the organisation's Stripe customer once and a SetupIntent per call", async () => {
    const w = await billingWorld();

    const first = await createSetupIntent(w.deps, alice, { organization_uid: 'org-a' });
    const second = await createSetupIntent(w.deps, alice, { organization_uid: 'org-a' });

    expect(first).toMatchObject({ publishable_key: 'pk_test_x', card_endpoint: 'elements' });
    expect(first.client_secret).toContain(first.setup_intent_id);
    expect(second.setup_intent_id).not.toBe(first.setup_intent_id);
    expect(w.payments.customers.size).toBe(1);
    expect([...w.payments.customers.values()][0]).toMatchObject({
      org: 'org-a',
      email: 'billing@org-a.example.com',
    });
  });
});

describe('add_billing_profile', () => {
  test('a confirmed card becomes the default and the contact is stored', async () => {
    const w = await billingWorld();

    const profile = await setUpCard(w, 'org-a');

    expect(profile).toMatchObject({ billing_setup: true, brand: 'visa', last4: '4242' });
    expect(await w.store.getAccount('org-a')).toMatchObject({
      billing_method: 'card',
      card_last4: '4242',
      contact: { billing_city: 'New York' },
    });
    const customer = [...w.payments.customers.values()][0];
    expect(customer?.details).toMatchObject({ email: 'ap@acme.example.com', name: 'Alice Ames' });
  });

  test("a card that was not saved fails with Stripe's message as card_result", async () => {
    const w = await billingWorld();
    const { setup_intent_id } = await createSetupIntent(w.deps, alice, {
      organization_uid: 'org-a',
    });
    const intent = w.payments.intents.get(setup_intent_id)!;
    intent.error_message = 'Your card was declined.';

    const refused = addBillingProfile(w.deps, alice, {
      organization_uid: 'org-a',
      billing: contact(),
      credit_card: { setup_intent_id },
    });

    await expect(refused).rejects.toBeInstanceOf(CardError);
    await expect(refused).rejects.toMatchObject({
      status: 402,
      result: { card_result: { message: 'Your card was declined.' } },
    });
    expect((await w.store.getAccount('org-a'))?.billing_method ?? null).toBeNull();
  });

  test("another organisation's card setup is refused", async () => {
    const w = await billingWorld();
    const otherCustomer = await customerOf(w, 'org-b');
    const seti = w.payments.confirmCard(otherCustomer);

    await expect(
      addBillingProfile(w.deps, alice, {
        organization_uid: 'org-a',
        billing: contact(),
        credit_card: { setup_intent_id: seti },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await w.store.getAccount('org-a')).toMatchObject({ billing_method: null });
  });

  test('invoice billing needs no card and lets the organisation order, pending until paid', async () => {
    const w = await billingWorld();

    const profile = await addBillingProfile(w.deps, alice, {
      organization_uid: 'org-a',
      billing: contact({ billing_method: 'invoice' }),
      credit_card: null,
    });
    const order = await orderProduct(w.deps, alice, {
      plan: 'individual',
      product: 'industry',
      organization_uid: 'org-a',
    });

    expect(profile.billing_setup).toBe(true);
    expect(order.profile?.invoices[0]).toMatchObject({ status: 'open', amount_due: 9_900 });
    expect(order.outcome).toBe('pending');
    expect(order.available_products.industry_insights_unlimited).toBe(false);
  });

  test('switching to invoice billing moves the live subscription to invoices', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await orderProduct(w.deps, alice, {
      plan: 'individual',
      product: 'industry',
      organization_uid: 'org-a',
    });

    await addBillingProfile(w.deps, alice, {
      organization_uid: 'org-a',
      billing: contact({ billing_method: 'invoice' }),
      credit_card: null,
    });

    expect([...w.payments.subscriptions.values()][0]?.collection).toBe('invoice');
  });
});
