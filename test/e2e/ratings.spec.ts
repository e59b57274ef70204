import { expect, type Page, test } from '@playwright/test';
import type { TopTenSummaries } from '#shared/contracts/ratings.schema';
import { callApi } from '../../lib/local/route-calls';
import { seriousViolations } from './support/a11y';
import { newAdvertiser } from './support/account-helpers';
import { apiIdToken, logInWithForm } from './support/auth-helpers';
import { shoot } from './support/billing-helpers';
import { grantProduct } from './support/subscriptions';

/** The sample seed's first format list with rows (waits for the seed and its recompute). */
async function seededList(url: string, token: string) {
  let found: TopTenSummaries['lists'][number] | undefined;
  await expect
    .poll(
      async () => {
        const out = await callApi<TopTenSummaries>(url, 'nowl_top_ten_summaries', {}, token).catch(
          () => null,
        );
        found = out?.lists.find((l) => l.format !== 'all' && l.rows.length > 0);
        return Boolean(found);
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

/** Accepts the cookie banner a new browser sees after logging in. */
async function acceptCookies(page: Page) {
  await page
    .getByRole('region', { name: 'Welcome!' })
    .getByRole('button', { name: 'Accept' })
    .click();
}

test('an entitled user filters the ratings by market and format, reads the top ten and a station’s history', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // Prepare: an advertiser of the test's own with Industry and Advertiser Insights; the sample
  // ratings the local stack seeds on its first start.
  const login = await newAdvertiser('ratings');
  const token = await apiIdToken(request, login);
  await grantProduct(baseURL as string, token, 'both');
  const list = await seededList(baseURL as string, token);
  const top = list.rows[0];
  if (!top) throw new Error('the seeded list has no rows');

  // Act: the ratings page, filtered by the list's market and format.
  await logInWithForm(page, login, '/ss/ratings');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'Response ratings', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Market' }).selectOption(list.market);
  await page.getByRole('combobox', { name: 'Format' }).selectOption(list.format);

  // Assert: the URL keeps the filters; the top ten and the table show the market's ratings.
  await expect(page).toHaveURL(new RegExp(`market=${list.market}&format=${list.format}`));
  const topTen = page.getByRole('region', {
    name: `Top ten: ${list.format_name} in ${list.market_name}, All day`,
  });
  await expect(topTen).toBeVisible();
  await expect(topTen.getByRole('listitem')).toHaveCount(list.rows.length);
  await expect(topTen.getByRole('listitem').first()).toContainText(top.label);
  await expect(page.getByRole('note')).toContainText('Sample ratings');
  const table = page.getByRole('table', { name: /Station ratings in / });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(list.format_name);
  await expect(table.getByRole('row').nth(1)).toContainText(/\d+\.\d \(\d+–\d+\)/);
  await shoot(page, 'ratings-1-market-format');
  expect(await seriousViolations(page)).toEqual([]);

  // Act: a station's panel from the top ten.
  await topTen.getByRole('button', { name: top.label }).click();

  // Assert: its history (chart and table) with the same rating.
  const panel = page.getByRole('region', { name: top.label });
  await expect(panel.getByRole('table', { name: /Rating history of/ })).toBeVisible();
  await expect(panel.getByTestId('rating-history-chart')).toBeVisible();
  await expect(panel.getByRole('table', { name: /Rating history of/ })).toContainText(
    top.rating.toFixed(1),
  );
  await expect(page).toHaveURL(/station=/);
  await shoot(page, 'ratings-2-station');
  expect(await seriousViolations(page)).toEqual([]);

  // Act: Market Insights for the station, from its panel.
  await panel.getByRole('link', { name: 'Compare with its market in Market Insights' }).click();

  // Assert: the station against its market, and a Print button.
  await expect(page.getByRole('heading', { name: 'Market Insights', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', {
      name: `${top.call_sign} against ${list.market_name}’s other ${list.format_name} stations`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await shoot(page, 'ratings-3-market-insights');
  await page.emulateMedia({ media: 'print' });
  await shoot(page, 'ratings-4-market-insights-print');
  await page.emulateMedia({ media: 'screen' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a user without a plan sees the top ten, and Unlock where the table and dayparts would be', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const login = await newAdvertiser('ratings-free');
  const token = await apiIdToken(request, login);
  const list = await seededList(baseURL as string, token);

  await logInWithForm(page, login, '/ss/ratings');
  await acceptCookies(page);
  await page.goto(`/ss/ratings?market=${list.market}`);

  await expect(page.getByRole('region', { name: /^Top ten: / })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Daypart (locked)' })).toBeDisabled();
  const unlock = page.getByRole('link', { name: 'Unlock Industry Insights' }).last();
  await expect(unlock).toHaveAttribute('href', '/plans?product=industry');
  await expect(page.getByRole('table', { name: /Station ratings/ })).toHaveCount(0);
  await shoot(page, 'ratings-5-locked');
  expect(await seriousViolations(page)).toEqual([]);
});
