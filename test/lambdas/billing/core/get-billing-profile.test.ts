import { describe, expect, test } from 'vitest';
import { Forbidden, NotFound } from '#shared/errors';
import { getBillingProfile } from '../../../../lambdas/billing/core/get-billing-profile';
import { getSubscriptions } from '../../../../lambdas/billing/core/get-subscriptions';
import { orderProduct } from '../../../../lambdas/billing/core/order-product';
import { billingWorld, caller, setUpCard } from '../fakes';

describe('get_billing_profile', () => {
  test('shows the contact, the default card, the subscription and the invoices', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await orderProduct(w.deps, caller('alice'), {
      plan: 'individual',
      product: 'industry',
      organization_uid: 'org-a',
    });

    const profile = await getBillingProfile(w.deps, caller('ann'), { organization_uid: 'org-a' });

    expect(profile).toMatchObject({
      organization_uid: 'org-a',
      name: 'Alice Ames',
      brand: 'visa',
      last4: '4242',
      billing_setup: true,
      billing_method: 'card',
      contact: { billing_contact_emails: ['ap@acme.example.com', 'alice@example.com'] },
      subscription: { plan: 'individual', product: 'industry', amount: 9_900 },
    });
    expect(profile.payment_methods).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', default: true }),
    ]);
    expect(profile.invoices).toEqual([
      expect.objectContaining({ amount_due: 9_900, status: 'paid' }),
    ]);
  });

  test('an organisation without billing has an empty profile and no Stripe customer', async () => {
    const w = await billingWorld();

    const profile = await getBillingProfile(w.deps, caller('bob'), { organization_uid: 'org-b' });

    expect(profile).toMatchObject({
      name: 'Bolt Media',
      billing_setup: false,
      billing_method: null,
      contact: null,
      subscription: null,
      payment_methods: [],
      invoices: [],
    });
    expect(w.payments.customers.size).toBe(0);
  });

  test("one organisation's billing profile is not readable by a non-member", async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    await expect(
      getBillingProfile(w.deps, caller('bob'), { organization_uid: 'org-a' }),
    ).rejects.toBeInstanceOf(NotFound);
  });

  test('a plain member may not read the billing profile', async () => {
    const w = await billingWorld();

    await expect(
      getBillingProfile(w.deps, caller('amy'), { organization_uid: 'org-a' }),
    ).rejects.toBeInstanceOf(Forbidden);
  });
});

describe('get_subscriptions', () => {
  test("lists the team subscriptions of the caller's organisations with their flags", async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await orderProduct(w.deps, caller('alice'), {
      plan: 'team',
      product: 'industry',
      organization_uid: 'org-a',
    });

    const forAmy = await getSubscriptions(w.deps, caller('amy'));
    const forBob = await getSubscriptions(w.deps, caller('bob'));

    expect(forAmy.subscriptions).toEqual([
      expect.objectContaining({ plan: 'team', product: 'industry', organization_uid: 'org-a' }),
    ]);
    expect(forAmy.available_products.industry_insights_unlimited).toBe(true);
    expect(forBob.subscriptions).toEqual([]);
    expect(forBob.available_products.has_any_subscription).toBe(false);
  });
});
