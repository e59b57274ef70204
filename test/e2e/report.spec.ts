import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { newAdvertiser } from './support/account-helpers';
import { apiIdToken, demoLogin, logInWithForm } from './support/auth-helpers';
import { smallClient } from './support/billing-helpers';
import {
  breakdownPanel,
  breakdownTable,
  breakdownTabs,
  columnNumbers,
  isSorted,
  waitForDemoReport,
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
  const client = await waitForDemoReport(request, idToken);

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

  // Assert: the sample client is read-only to its viewers: Run report is off and says why.
  const run = page.getByRole('button', { name: 'Run report' });
  await expect(run).toBeDisabled();
  await expect(run).toHaveAccessibleDescription('Sample clients are read-only.');
  await page
    .locator('section.controls')
    .screenshot({ path: `${SHOTS}/report-sample-read-only.png` });

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

test('a view-only sharee reads the report but is offered no run, no stored settings and no upload of its data', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Prepare: an advertiser's client with a report, shared with another account to view only.
  const url = baseURL as string;
  const owner = await newAdvertiser('sharer');
  const viewer = await newAdvertiser('viewer');
  const ownerToken = await apiIdToken(request, owner);
  const client = await smallClient(url, ownerToken, 'Shared View Sofas', 7400);
  await waitForReport(url, client, {}, ownerToken);
  await callApi(
    url,
    'update_share',
    { client_uid: client, email: viewer.email, perms: ['view'] },
    ownerToken,
  );

  // Act: the sharee opens it.
  await logInWithForm(page, viewer);
  await page.goto(`/ss?client=${client}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shared View Sofas' })).toBeVisible();
  await expect(page.getByTestId('kpi-tile').first()).toBeVisible();

  // Assert: Run report is off with the reason beside it; the client's uploads are not offered.
  const run = page.getByRole('button', { name: 'Run report' });
  const reason = 'You can view this client; running reports needs edit permission.';
  await expect(run).toBeDisabled();
  await expect(run).toHaveAccessibleDescription(reason);
  await expect(page.getByText(reason)).toBeVisible();
  const uploads = page.getByRole('region', { name: 'Data uploads' });
  await expect(uploads.getByRole('button', { name: 'Upload' })).toHaveCount(1);
  await expect(uploads).toContainText(
    'You can view Shared View Sofas; uploading its data needs import permission.',
  );
  await page.screenshot({ path: `${SHOTS}/report-view-only.png`, fullPage: true });

  // Act: Customize still works for the visit.
  await page.getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('status')).toHaveText(
    'You can view this client: changes apply to this visit only.',
  );
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/ss_rest/update_report_settings')) saves.push(r.url());
  });
  await dialog.getByLabel('Executive summary').fill('Seen by a viewer.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Assert: said once beside the toolbar, and nothing was sent.
  await expect(
    page.getByText('Your changes to this report apply to this visit only.'),
  ).toBeVisible();
  await page
    .locator('.report-head')
    .screenshot({ path: `${SHOTS}/report-view-only-customized.png` });
  expect(saves).toEqual([]);
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
