import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiIdToken, demoLogin, logInWithForm } from './support/auth-helpers';
import {
  breakdownPanel,
  breakdownTable,
  breakdownTabs,
  columnNumbers,
  isSorted,
  type ListedClient,
  readyDemoClient,
} from './support/report-helpers';

const SHOTS = 'test-results/screenshots';

test('the demo advertiser report shows sample data, KPIs and breakdowns that sort by VPA', async ({
  page,
  request,
}) => {
  // Prepare: the local stack seeds the demo advertiser and its report after it starts listening;
  // the report screen needs a session, so the demo user logs in first.
  const login = demoLogin();
  const idToken = await apiIdToken(request, login);
  let demo: ListedClient | null = null;
  await expect
    .poll(async () => (demo = await readyDemoClient(request, idToken)), {
      message: 'the demo client has a ready report',
      timeout: 180_000,
      intervals: [1_000],
    })
    .not.toBeNull();
  const client = demo as unknown as ListedClient;

  // Act: log in and open the report screen the way a user does.
  await logInWithForm(page, login);

  // Assert: the demo client's report, with the SAMPLE DATA watermark and badge.
  await expect(page.getByLabel('Client')).toHaveValue(client.client_uid);
  const tiles = page.getByTestId('kpi-tile');
  await expect(tiles).toHaveCount(5);
  await expect(tiles.locator('.kpi__label')).toHaveText([
    'Airings',
    'Visits',
    'Attributed visits',
    'VPA',
    'Lift share',
  ]);
  await expect(tiles.nth(0).locator('.kpi__value')).toHaveText(/^[1-9][0-9.]*[kmbt]?$/);
  await expect(tiles.nth(3).locator('.kpi__value')).toHaveText(/^\d[\d,]*\.\d{2}$/);
  const watermark = page.getByTestId('sample-watermark');
  await expect(watermark).toBeVisible();
  await expect(watermark).toHaveText('SAMPLE DATA');
  await expect(watermark).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
  await expect(page.getByTestId('date-range')).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/,
  );

  await expect(breakdownTabs(page).getByRole('tab', { name: 'Daypart' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const daypartRows = breakdownTable(page).locator('tbody tr');
  await expect(daypartRows.first()).toBeVisible();
  expect(await daypartRows.count()).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/report-daypart.png`, fullPage: true });

  // Act: the station tab opens sorted by VPA, highest first (spec §9).
  await breakdownTabs(page).getByRole('tab', { name: 'Station' }).click();
  const vpaHeader = breakdownTable(page).getByRole('columnheader', { name: /^VPA/ });
  await expect(vpaHeader).toHaveAttribute('aria-sort', 'descending');
  const descending = await columnNumbers(page, 'VPA');
  expect(descending.length).toBeGreaterThan(1);
  expect(isSorted(descending, 'desc')).toBe(true);

  // Act: clicking the VPA header flips the order.
  await vpaHeader.getByRole('button').click();

  // Assert
  await expect(vpaHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await columnNumbers(page, 'VPA');
  expect(isSorted(ascending, 'asc')).toBe(true);
  expect(ascending[0]).toBe(Math.min(...descending, ...ascending));
  await page.screenshot({ path: `${SHOTS}/report-station-vpa-ascending.png`, fullPage: true });

  // Act: download the station table as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    breakdownPanel(page).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');

  // Assert: the rows on screen, in the same order, with their exact numbers.
  const lines = csv.trimEnd().split('\r\n');
  expect(download.suggestedFilename()).toMatch(
    /^Demo-Advertiser-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}_station\.csv$/,
  );
  expect(lines[0]).toMatch(/^Station,Ads,Visits,VPA,/);
  expect(lines).toHaveLength((await breakdownTable(page).locator('tbody tr').count()) + 1);
  const csvVpa = lines.slice(1).map((l) => Number(l.split(',')[3]));
  expect(isSorted(csvVpa, 'asc')).toBe(true);
});

test('the report screen sends a signed-out visitor to log in, and back after', async ({ page }) => {
  await page.goto('/ss?client=nobody');

  await expect(page).toHaveURL(/\/login\?next=%2Fss%3Fclient%3Dnobody$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('an unknown address says what the spec says', async ({ page }) => {
  await page.goto('/no-such-page');

  await expect(page.getByText("Sorry! What you are looking for isn't available.")).toBeVisible();
});
