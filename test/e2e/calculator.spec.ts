import { expect, type Page } from '@playwright/test';
import type { AcquisitionRegion, OutletList } from '#shared/contracts/acquisition.schema';
import type { ClientInfo } from '#shared/contracts/company-client.schema';
import { callApi } from '../../lib/local/route-calls';
import { seriousViolations } from './support/a11y';
import { logInWithForm } from './support/auth-helpers';
import { shoot } from './support/billing-helpers';
import { test } from './support/own-client';

/**
 * The first market whose sample outlets have a spot rate, with two of its priced outlets. Waits
 * for the local stack's sample ratings seed (its advertisers go through the real pipeline on the
 * first start, minutes on a busy machine) and its recompute.
 */
async function seededMarket(url: string) {
  let found: { region: AcquisitionRegion; outlets: OutletList['outlets'] } | undefined;
  await expect
    .poll(
      async () => {
        const regions = await callApi<AcquisitionRegion[]>(url, 'acquisitionowl_regions', {}).catch(
          () => [],
        );
        for (const region of regions) {
          const list = await callApi<OutletList>(url, 'acquisitionowl_outlets', {
            regions: [region.id],
          });
          const priced = list.outlets.filter(
            (o) => o.spot_rate_cents !== null && o.rating !== null,
          );
          if (priced.length >= 2) {
            found = { region, outlets: priced.slice(0, 2) };
            return true;
          }
        }
        return false;
      },
      { timeout: 600_000, intervals: [5_000] },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

/** The calculator's steps from budget to ROI with two outlets; @returns nothing (asserts). */
async function budgetToRoi(page: Page, market: Awaited<ReturnType<typeof seededMarket>>) {
  await page.getByRole('combobox', { name: 'Market' }).selectOption(market.region.id);
  for (const o of market.outlets)
    await page.getByRole('checkbox', { name: new RegExp(`^${o.label} ·`) }).check();
  await page.getByRole('textbox', { name: 'Monthly budget (USD)' }).fill('5,000');
  await page.getByRole('button', { name: 'Plan this budget' }).click();

  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByRole('table', { name: 'The plan by outlet' })).toBeVisible();
  await expect(
    plan.getByRole('table', { name: 'The plan by outlet' }).getByRole('row'),
  ).toHaveCount(3);
  await expect(plan.getByRole('img', { name: /^Budget curve\./ })).toBeVisible();
  await expect(plan).toContainText('Cost per visit');

  const goals = page.getByRole('region', { name: 'Goals' });
  await goals.getByRole('textbox', { name: 'Target a month' }).fill('40');
  await goals.getByRole('button', { name: 'Find the cheapest mix' }).click();
  await expect(goals.getByRole('list').filter({ hasText: 'Goal: 40 visits.' })).toBeVisible();
  await expect(goals.getByRole('status')).toContainText(/Reachable|Out of reach/);

  const roi = page.getByRole('region', { name: 'Return on investment' });
  await roi.getByRole('radio', { name: 'the budget plan' }).check();
  await roi.getByRole('textbox', { name: 'Conversion rate of visits (%)' }).fill('2.5');
  await roi.getByRole('textbox', { name: 'Average order value (USD)' }).fill('120');
  await roi.getByRole('button', { name: 'Work out the return' }).click();
  await expect(roi).toContainText('Break-even conversion rate');
  await expect(roi).toContainText(/ROI-?\d/);
}

test('a visitor plans on the public calculator from budget to ROI, on sample ratings marked so', async ({
  page,
  baseURL,
  context,
}) => {
  test.setTimeout(720_000);
  await context.addCookies([{ name: 'ss_cookie_consent', value: '1', url: baseURL as string }]);
  const market = await seededMarket(baseURL as string);

  await page.goto('/calculator');

  await expect(
    page.getByRole('heading', { name: 'Acquisition calculator', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Acquisition Calculator | AnalyticOwl');
  await expect(page.getByRole('note').first()).toContainText(
    'Sample ratings: sign up to plan with real ones.',
  );
  await expect(page.getByRole('combobox', { name: 'Daypart (locked)' })).toBeDisabled();
  await budgetToRoi(page, market);
  await expect(page.getByText('This plan uses sample ratings.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save plan to client' })).toHaveCount(0);
  await shoot(page, 'calculator-1-site');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a signed-in user without Industry Insights plans on sample ratings, sees Unlock, and saves the plan to a client', async ({
  page,
  ownClient,
}) => {
  const own = await ownClient('calculator', 'Calc Mattress', 71);
  const market = await seededMarket(own.url);

  await logInWithForm(page, own.login, '/ss/calculator');

  await expect(
    page.getByRole('heading', { name: 'Acquisition calculator', level: 1 }),
  ).toBeVisible();
  const unlock = page.getByRole('link', { name: 'Unlock Industry Insights' });
  await expect(unlock).toHaveAttribute('href', '/plans?product=industry');
  await budgetToRoi(page, market);
  const save = page.getByRole('region', { name: 'Save to a client' });
  await save.getByRole('combobox', { name: 'Save to client' }).selectOption(own.client);
  await save.getByRole('button', { name: 'Save plan to client' }).click();
  await expect(save.getByRole('status')).toHaveText('Plan saved to Calc Mattress.');
  await shoot(page, 'calculator-2-app-saved');
  expect(await seriousViolations(page)).toEqual([]);

  // The plan comes back in the client's info.
  const { client_info: info } = await callApi<{ client_info: ClientInfo }>(
    own.url,
    'fetch_client_info',
    { client_uid: own.client },
    own.token,
  );
  expect(info.goals_and_objectives).toMatchObject({
    ad_spend_cents: 500_000,
    goal: 'visits',
    target: 40,
    regions: [market.region.id],
    outlets: market.outlets.map((o) => o.id),
    spot_length_s: 30,
  });
  expect(info.return_calculator).toMatchObject({ average_sale_cents: 12_000, close_rate_pct: 2.5 });
});
