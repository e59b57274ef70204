// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { formatUsd, priceLineFor } from '#shared/billing/price-table';
import { PRODUCT_UNLOCKS } from '#shared/billing/product-unlocks';
import { RATINGS_FEATURES, RATINGS_GATES } from '#shared/billing/ratings-gates';
import { PlansPage } from '../../../web/src/billing/plans-page';
import { renderAt } from '../auth/render-at';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => false) }));

afterEach(cleanup);

const card = (name: string) => screen.getByRole('region', { name });
const button = (name: string, cardName: string) =>
  within(card(cardName)).getByRole('button', { name });
const queryButton = (name: string, cardName: string) =>
  within(card(cardName)).queryByRole('button', { name });
const click = (name: string, cardName = 'Individual Unlimited') =>
  fireEvent.click(button(name, cardName));

describe('/plans (spec §2 plans, §4 "Plan choice", §6 plan tiers)', () => {
  test('shows the two headings and the four tiers priced from the price table', () => {
    renderAt('/plans', '/plans', <PlansPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: "You'll always have two free reports." }),
    ).toBeTruthy();
    for (const name of [
      'Individual Starter',
      'Individual Unlimited',
      'Small Team Unlimited',
      'Enterprise Unlimited',
    ])
      expect(card(name)).toBeTruthy();
    const individual = within(card('Individual Unlimited'));
    for (const product of ['industry', 'advertiser', 'both'] as const)
      expect(
        individual.getAllByText(
          new RegExp(
            `${formatUsd(priceLineFor('individual', product)!.unit_amount).replace('$', '\\$')}/month`,
          ),
        ).length,
      ).toBeGreaterThan(0);
    expect(
      within(card('Individual Starter')).getByText('Pay per insight, from $10/month'),
    ).toBeTruthy();
    expect(within(card('Enterprise Unlimited')).getAllByText(/\$799–\$1,999\/month/).length).toBe(
      2,
    );
    expect(screen.getByText(/Association members get 20% off Industry Insights\./)).toBeTruthy();
  });

  test('each product lists exactly what it unlocks, the ratings features under the product that sells them', () => {
    renderAt('/plans', '/plans', <PlansPage />);

    const included = within(screen.getByRole('region', { name: 'What each product includes' }));
    const listed = (product: 'industry' | 'advertiser') =>
      within(
        included.getByRole('list', {
          name:
            product === 'industry' ? 'Industry Insights unlocks' : 'Advertiser Insights unlocks',
        }),
      )
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(listed('industry')).toEqual(PRODUCT_UNLOCKS.industry.map((l) => l.text));
    expect(listed('advertiser')).toEqual(PRODUCT_UNLOCKS.advertiser.map((l) => l.text));
    for (const f of RATINGS_FEATURES)
      expect(listed(RATINGS_GATES[f].product)).toContain(RATINGS_GATES[f].name);
    expect(listed('industry')).toContain('Response ratings by daypart');
    expect(listed('advertiser')).toContain(
      'Market Insights: your stations against the market by format and daypart',
    );
    expect(included.queryByText(/weekly trends/i)).toBeNull();
  });

  test('Add becomes Remove once selected, and Remove puts Add back', () => {
    renderAt('/plans', '/plans', <PlansPage />);

    click('Add Advertiser Insights');

    expect(button('Remove Advertiser Insights', 'Individual Unlimited')).toBeTruthy();
    expect(queryButton('Add Advertiser Insights', 'Individual Unlimited')).toBeNull();
    click('Remove Advertiser Insights');
    expect(button('Add Advertiser Insights', 'Individual Unlimited')).toBeTruthy();
  });

  test('Skip shows only on the chosen plan, for a product neither selected nor skipped', () => {
    renderAt('/plans', '/plans', <PlansPage />);
    expect(screen.queryAllByRole('button', { name: /^Skip/ })).toHaveLength(0);

    click('Choose Individual Unlimited');
    expect(button('Skip Advertiser Insights', 'Individual Unlimited')).toBeTruthy();
    expect(button('Skip Industry Insights', 'Individual Unlimited')).toBeTruthy();
    expect(queryButton('Skip Industry Insights', 'Small Team Unlimited')).toBeNull();

    click('Add Advertiser Insights');
    click('Skip Industry Insights');

    expect(screen.queryAllByRole('button', { name: /^Skip/ })).toHaveLength(0);
    expect(within(card('Individual Unlimited')).getByText('Skipped')).toBeTruthy();
  });

  test('changing the plan clears the choice', () => {
    renderAt('/plans', '/plans', <PlansPage />);
    click('Add Advertiser Insights');

    click('Choose Small Team Unlimited', 'Small Team Unlimited');

    expect(button('Add Advertiser Insights', 'Individual Unlimited')).toBeTruthy();
    expect(queryButton('Continue', 'Individual Unlimited')).toBeNull();
    expect(button('Continue', 'Small Team Unlimited').hasAttribute('disabled')).toBe(true);
  });

  test('Continue with both products selected goes to /plans/subscribe with product both', () => {
    renderAt('/plans', '/plans', <PlansPage />);

    click('Add Advertiser Insights');
    click('Add Industry Insights');
    click('Continue');

    expect(screen.getByTestId('landed').textContent).toBe(
      '/plans/subscribe?plan=individual&product=both',
    );
  });

  test('the paywall link /plans?product=industry starts with Industry Insights picked', () => {
    renderAt('/plans?product=industry', '/plans', <PlansPage />);

    expect(button('Remove Industry Insights', 'Individual Unlimited')).toBeTruthy();
    click('Continue');
    expect(screen.getByTestId('landed').textContent).toBe(
      '/plans/subscribe?plan=individual&product=industry',
    );
  });

  test('the free Starter plan continues without a product', () => {
    renderAt('/plans', '/plans', <PlansPage />);

    click('Start free with Individual Starter', 'Individual Starter');
    click('Continue', 'Individual Starter');

    expect(screen.getByTestId('landed').textContent).toBe('/plans/subscribe?plan=paygo');
  });
});
