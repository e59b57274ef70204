import { expect, type Page, test } from '@playwright/test';
import { PRODUCT_UNLOCKS } from '#shared/billing/product-unlocks';
import { RATINGS_FEATURES, RATINGS_GATES } from '#shared/billing/ratings-gates';
import { newAdvertiser } from './support/account-helpers';
import { logInWithForm } from './support/auth-helpers';
import { shoot } from './support/billing-helpers';

// What is sold is what is gated, as a buyer meets it: the plans page lists each response ratings
// feature under the product that sells it, and a free user meets that product's Unlock button
// where the feature would be, leading back to the plans page with the product picked.

/** The list of what a product unlocks, under "What each product includes". */
const unlocksOf = (page: Page, product: 'Industry Insights' | 'Advertiser Insights') =>
  page
    .getByRole('region', { name: 'What each product includes' })
    .getByRole('list', { name: `${product} unlocks` })
    .getByRole('listitem');

test('the plans page lists the ratings features under the product that sells them', async ({
  page,
}) => {
  // Act
  await page.goto('/plans');

  // Assert: each product's list is the table's, ratings included, and nothing else
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(unlocksOf(page, 'Industry Insights')).toHaveText(
    PRODUCT_UNLOCKS.industry.map((l) => l.text),
  );
  await expect(unlocksOf(page, 'Advertiser Insights')).toHaveText(
    PRODUCT_UNLOCKS.advertiser.map((l) => l.text),
  );
  for (const f of RATINGS_FEATURES) {
    const gate = RATINGS_GATES[f];
    const seller = gate.product === 'industry' ? 'Industry Insights' : 'Advertiser Insights';
    await expect(unlocksOf(page, seller).filter({ hasText: gate.name })).toHaveCount(1);
  }
  await expect(unlocksOf(page, 'Industry Insights')).toContainText([
    'Response ratings by daypart',
    'Response ratings by station, beyond each market’s top ten',
    'Response ratings by station format',
    'Response ratings by industry cohort',
    'The full acquisition calculator, on real ratings',
  ]);
  await expect(unlocksOf(page, 'Advertiser Insights')).toContainText([
    'Market Insights: your stations against the market by format and daypart',
  ]);
  await page
    .getByRole('heading', { level: 2, name: 'What each product includes' })
    .scrollIntoViewIfNeeded();
  await shoot(page, 'plans-gating-1-plans');
});

test('a free user meets Unlock Industry Insights where a gated ratings feature would be', async ({
  page,
}) => {
  // Prepare: an advertiser of the test's own, without any subscription
  const login = await newAdvertiser('gating');
  await logInWithForm(page, login, '/ss');

  // Act
  await page.goto('/ss/ratings');

  // Assert: the locked parts show the gate's button, leading to Industry Insights on /plans
  await expect(page.getByRole('heading', { level: 1, name: 'Response ratings' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  const unlock = page.getByRole('link', { name: /^Unlock Industry Insights/ });
  await expect(unlock.first()).toBeVisible({ timeout: 30_000 });
  for (const link of await unlock.all())
    await expect(link).toHaveAttribute('href', RATINGS_GATES.ratings_stations.unlock_path);
  await expect(
    page.getByRole('link', {
      name: `Unlock Industry Insights: ${RATINGS_GATES.ratings_dayparts.name}`,
    }),
  ).toBeVisible();
  await expect(page.getByText(RATINGS_GATES.ratings_stations.message)).toBeVisible();
  await expect(page.getByRole('link', { name: /Unlock Advertiser Insights/ })).toHaveCount(0);
  await expect(page.getByText('Ratings loaded.')).toBeAttached();
  await shoot(page, 'plans-gating-2-ratings-locked');

  // Act: the button leads to the plans page with Industry Insights picked
  await unlock.first().click();

  // Assert
  await expect(page).toHaveURL(/\/plans\?product=industry$/);
  await expect(
    page
      .getByRole('region', { name: 'Individual Unlimited' })
      .getByRole('button', { name: 'Remove Industry Insights' }),
  ).toBeVisible();
  await expect(unlocksOf(page, 'Industry Insights')).toContainText([
    RATINGS_GATES.ratings_dayparts.name,
  ]);
});

test('a free user meets Unlock Advertiser Insights on Market Insights', async ({ page }) => {
  // Prepare
  const login = await newAdvertiser('gating-mi');
  await logInWithForm(page, login, '/ss');

  // Act
  await page.goto('/ss/market-insights');

  // Assert
  const unlock = page.getByRole('link', { name: 'Unlock Advertiser Insights' });
  await expect(unlock).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(unlock).toHaveAttribute('href', RATINGS_GATES.market_insights.unlock_path);
  await expect(page.getByText(RATINGS_GATES.market_insights.message)).toBeVisible();
  await shoot(page, 'plans-gating-3-market-insights-locked');
});
