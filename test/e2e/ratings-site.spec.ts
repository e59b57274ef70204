import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BRANDS } from '#shared/brands';
import {
  DEFAULT_CHROMIUM_PATH,
  LOCAL_CHROMIUM_ARGS,
} from '../../lambdas/reports/adapters/local-pdf-renderer';
import { E2E_PORT } from './support/e2e-env';

const SHOTS = 'test-results/screenshots';
/** The ratings site by its host name, on the same local port as the first brand. */
const RATINGS = `http://ratings.localhost:${E2E_PORT}`;
const HOME = BRANDS.ratings.metadata.home;

test.use({
  baseURL: RATINGS,
  // Chromium resolves *.localhost to the loopback itself; the rule pins it to the IPv4 address
  // the local gateway listens on.
  launchOptions: {
    executablePath: DEFAULT_CHROMIUM_PATH,
    args: [...LOCAL_CHROMIUM_ARGS, '--host-resolver-rules=MAP ratings.localhost 127.0.0.1'],
  },
});

/** Serious or critical WCAG 2 A/AA violations on the page (axe-core), as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens the root until the first top ten shows: the local sample ratings are seeded through the
 * real pipeline after the stack starts, then recomputed, so a first run may wait for them.
 */
async function openRootWithRatings(page: Page) {
  const firstList = page.getByRole('table', { name: /^Top ten stations in / }).first();
  await expect(async () => {
    await page.goto('/');
    await expect(firstList).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 330_000, intervals: [5_000] });
  return firstList;
}

test.describe('the ratings site (the second brand on its own host name)', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'ss_cookie_consent', value: '1', url: RATINGS }]);
  });

  test('the root explains the ratings and shows the sample top ten, under the brand', async ({
    page,
  }) => {
    // The first test waits for the sample ratings of a first start (see openRootWithRatings).
    test.setTimeout(420_000);
    const list = await openRootWithRatings(page);

    await expect(page).toHaveTitle(HOME?.title ?? '');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      HOME?.description ?? '',
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Response ratings for radio and TV stations' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: BRANDS.ratings.name }).first()).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Sample ratings.');
    await expect(page.getByRole('heading', { name: 'How a rating is made' })).toBeVisible();
    expect(await list.getByRole('row').count()).toBeGreaterThan(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/ratings-site-root.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/ratings-site-root-phone.png`, fullPage: true });
  });

  test('a market top ten, then a station with its rating history', async ({ page }) => {
    await openRootWithRatings(page);
    const market = page.locator('section h3 a').first();
    const marketName = (await market.textContent()) ?? '';

    await market.click();

    await expect(page).toHaveURL(/\/top-ten\/\d{3}\/all$/);
    const heading = `Top ten stations in ${marketName}`;
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | ${BRANDS.ratings.name}`);
    const rows = page.getByRole('table', { name: heading }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/ratings-site-top-ten.png`, fullPage: true });

    const station = rows.nth(1).getByRole('link');
    await station.click();

    await expect(page).toHaveURL(/\/station\//);
    const title = page.getByRole('heading', { level: 1, name: /response rating$/ });
    await expect(title).toBeVisible();
    const callSign = ((await title.textContent()) ?? '').replace(/ response rating$/, '');
    await expect(page).toHaveTitle(`${callSign} Response Rating | ${BRANDS.ratings.name}`);
    await expect(
      page.getByRole('img', { name: new RegExp(`^${callSign} rating by month`) }),
    ).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    const history = page.getByRole('table', { name: `${callSign} rating by month` });
    await expect(history.getByRole('row').nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/ratings-site-station.png`, fullPage: true });
  });

  test('the picker opens a market and format top ten', async ({ page }) => {
    await openRootWithRatings(page);
    const market = page.getByRole('combobox', { name: 'Market' });
    await expect(market).toBeEnabled();

    await page.getByRole('combobox', { name: 'Format' }).selectOption('all');
    await page.getByRole('button', { name: 'Show the top ten' }).click();

    await expect(page).toHaveURL(new RegExp(`/top-ten/${await market.inputValue()}/all$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Top ten stations/ })).toBeVisible();
  });

  test('unknown paths, and the first brand’s app paths, go to the root', async ({ page }) => {
    for (const path of ['/no-such-page', '/login', '/ss', '/top-ten/chicago']) {
      await page.goto(path);

      await expect(page).toHaveURL(`${RATINGS}/`);
      await expect(page).toHaveTitle(HOME?.title ?? '');
    }
  });

  test('the account and connection pages carry the brand and its titles', async ({ page }) => {
    for (const [path, key, heading] of [
      ['/verify-email', 'verify-email', 'Verify your e-mail'],
      ['/reset-password', 'reset-password', 'Choose a new password'],
      ['/start_connection', 'connect', 'Connect your website analytics'],
    ] as const) {
      await page.goto(path);

      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(BRANDS.ratings.metadata[key]?.title ?? '');
      await expect(page.getByText(BRANDS.ratings.name).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.screenshot({ path: `${SHOTS}/ratings-site-connect.png`, fullPage: true });
  });

  test('the first brand keeps its own site on its own host', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${E2E_PORT}/`);

    await expect(page).toHaveTitle(BRANDS.analyticowl.metadata.home?.title ?? '');
  });
});
