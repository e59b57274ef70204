import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type IndustryInsights, MIN_PEERS } from '#shared/contracts/industry-insights.schema';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { newAdvertiser } from './support/account-helpers';
import { apiIdToken, demoLogin, logInWithForm } from './support/auth-helpers';
import { shoot, smallClient } from './support/billing-helpers';

const PANEL = 'Industry response summary';

/** The panel as a landmark region (its heading names it). */
const panel = (page: Page) => page.getByRole('region', { name: PANEL, exact: true });

/** Serious or critical WCAG 2 A/AA violations (axe-core) inside the panel. */
async function panelViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .include('.card.industry')
    .analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

test('the demo advertiser sees its industry’s benchmarks from three sample advertisers', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Prepare: the stack answers before its first-start seed is done; wait for the demo report and
  // the three sample advertisers' reports behind the benchmarks.
  const login = demoLogin();
  const token = await apiIdToken(request, login);
  await expect
    .poll(
      async () => {
        const out = await callApi<IndustryInsights>(
          baseURL as string,
          'industry_insights',
          { client_uid: 'demo-advertiser' },
          token,
        ).catch(() => null);
        return out?.has_own_report ? out.advertisers : 0;
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe(MIN_PEERS);

  // Act
  await logInWithForm(page, login, '/ss');
  await page.goto('/ss?client=demo-advertiser');

  // Assert: furniture benchmarks, a table per section, the sample-data badge
  const summary = panel(page);
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary).toContainText('Furniture');
  await expect(summary).toContainText(`Based on ${MIN_PEERS} other advertisers`);
  await expect(summary).toContainText('SAMPLE DATA');
  const dayparts = summary.getByRole('table', { name: /Dayparts/ });
  await expect(dayparts.getByRole('row')).not.toHaveCount(0);
  await expect(summary.getByRole('img', { name: /Industry highest/ }).first()).toBeVisible();
  expect(await panelViolations(page)).toEqual([]);
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, 'industry-1-demo-benchmarks');
});

test('an advertiser files its client under an industry from the panel', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Prepare: a new advertiser account (so the client is one of its free reports, whatever other
  // specs did to the demo user's) with a small client, one report and no industry yet
  const url = baseURL as string;
  const login = await newAdvertiser('industry');
  const token = await apiIdToken(request, login);
  const client = await smallClient(url, token, 'Industry Test Sofas', 7300);
  await waitForReport(url, client, {}, token);
  await logInWithForm(page, login, '/ss');
  await page.goto(`/ss?client=${client}`);
  const summary = panel(page);
  await expect(summary).toContainText("Choose this client's industry", { timeout: 30_000 });
  await shoot(page, 'industry-2-choose');

  try {
    // Act: pick Furniture in the industry dropdown and save
    await summary.getByRole('button', { name: /Industry/ }).click();
    await page.getByRole('combobox', { name: 'Search Industry' }).fill('Furniture');
    await page.getByRole('option', { name: 'Furniture', exact: true }).click();
    await summary.getByRole('button', { name: 'Save' }).click();

    // Assert: filed under Furniture; real advertisers never meet the sample ones, so too few yet
    await expect(summary).toContainText('Furniture');
    await expect(summary).toContainText('Not enough advertisers in your industry yet');
    await shoot(page, 'industry-3-filed');
  } finally {
    // Each run would leave one more real Furniture advertiser in the data folder, and after
    // three runs the next one's client would have enough peers: file it elsewhere (Cameras and
    // Photo).
    await callApi(url, 'set_client_industry', { client_uid: client, industry_id: '1100' }, token);
  }
});
