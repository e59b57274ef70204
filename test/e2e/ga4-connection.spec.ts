import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { demoLogin, logInWithForm } from './support/auth-helpers';
import { E2E_LOCAL_DIR } from './support/e2e-env';
import { readFromMail } from './support/mailbox';

const SHOTS = 'test-results/screenshots';
/** The post-log the local Google stand-in's demo property answers visits for. */
const DEMO_POSTLOG = `${E2E_LOCAL_DIR}/samples/demo-postlog.csv`;
const ADVERTISER = 'Lakeview Home Goods';
const WEB_CONTACT = 'web@lakeview-home.example';
/** A fake Google user of the stand-in who can read the demo property. */
const GOOGLE_USER = 'owner@demo-advertiser.example';
const DEMO_PROPERTY = 'Demo Advertiser - GA4';
/** The stand-in's other property that GOOGLE_USER reads (Google gives it by the hour only). */
const SMALL_SITE_PROPERTY = 'Demo Outlet (small site)';

/** The client's Connections panel on the report screen. */
const connectionsPanel = (page: Page): Locator =>
  page.getByRole('region', { name: /Website analytics/ });

/** Serious or critical WCAG 2 A/AA violations (axe-core) in `scope` of the page, as lines. */
async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const axe = await (scope ? builder.include(scope) : builder).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The panel's status badge ("Status: <words>", the first part for screen readers only). */
const statusBadge = (panel: Locator): Locator => panel.getByText(/^Status: \S/);

/** Uploads the demo post-log as a new advertiser and waits until the screen has it selected. */
async function uploadPostlog(page: Page): Promise<void> {
  const form = page
    .locator('form.upload')
    .filter({ has: page.getByRole('heading', { name: 'Post-log' }) });
  await form.getByLabel('Advertiser (optional)').fill(ADVERTISER);
  await form.locator('input[type="file"]').setInputFiles({
    name: 'lakeview-postlog.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(DEMO_POSTLOG),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.locator('#client-picker option:checked')).toHaveText(ADVERTISER, {
    timeout: 60_000,
  });
}

test('a rep sends a GA4 connection request, the advertiser connects the demo property, and the report runs on its visits', async ({
  page,
  browser,
}) => {
  // The first pull reads 14 months of the demo property from the stand-in.
  test.setTimeout(600_000);

  // Prepare: the rep signs in and adds the advertiser from its post-log (no visits CSV).
  await logInWithForm(page, demoLogin());
  await page.getByRole('button', { name: 'Accept' }).click();
  await uploadPostlog(page);
  const panel = connectionsPanel(page);
  await expect(statusBadge(panel)).toHaveText('Status: Not connected');
  await panel.screenshot({ path: `${SHOTS}/ga4-panel-not-connected.png` });

  // Act: the rep requests access, mailed to the advertiser's web contact.
  const since = new Date().toISOString();
  await panel.getByLabel('E-mail (optional)').fill(WEB_CONTACT);
  await panel.getByRole('button', { name: 'Make a connection link' }).click();

  // Assert: the link is shown (and mailed), the request is open, the status says so.
  const shown = await panel.getByLabel('Connection link').inputValue();
  expect(shown).toMatch(/\/start_connection\?xrg=[A-Za-z0-9_-]{20,}&cid=/);
  await expect(panel.getByText(`Mailed to ${WEB_CONTACT}.`)).toBeVisible();
  await expect(statusBadge(panel)).toHaveText('Status: Request sent, not finished');
  await expect(panel.getByText(new RegExp(`Sent to ${WEB_CONTACT}`))).toBeVisible();
  const mailed = await readFromMail(
    WEB_CONTACT,
    /.+/,
    /(https?:\/\/\S+start_connection\S+)/,
    since,
  );
  expect(mailed).toBe(shown);
  await panel.screenshot({ path: `${SHOTS}/ga4-panel-request-sent.png` });
  expect(await seriousViolations(page, '#connections')).toEqual([]);

  // Act: the advertiser, not signed in, opens the link in another browser.
  const advertiser = await browser.newContext();
  const ad = await advertiser.newPage();
  await ad.goto(mailed);

  // Assert: the start page names the client; the request token left the address bar.
  await expect(ad.getByText(ADVERTISER, { exact: true })).toBeVisible();
  await expect(ad).toHaveURL(/\/start_connection\?cid=[^&]+$/);
  await ad.screenshot({ path: `${SHOTS}/ga4-start-connection.png`, fullPage: true });
  expect(await seriousViolations(ad)).toEqual([]);

  // Act: Sign in with Google on the local consent page.
  await ad.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(ad.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await ad.getByRole('radio', { name: new RegExp(GOOGLE_USER) }).check();
  await ad.screenshot({ path: `${SHOTS}/ga4-local-consent.png`, fullPage: true });
  await ad.getByRole('button', { name: 'Allow' }).click();

  // Assert: the finish page lists the properties by account; Google's code is not in the URL.
  const demo = ad.getByRole('checkbox', { name: DEMO_PROPERTY });
  await expect(demo).toBeVisible();
  await expect(ad).toHaveURL(/\/finish$/);
  await expect(ad.getByRole('group', { name: 'Demo Advertiser' })).toBeVisible();
  const connect = ad.getByRole('button', { name: /^Connect/ });
  await expect(connect).toBeDisabled();
  await expect(ad.getByText(CONNECTION_MESSAGES.pickOne)).toBeVisible();
  await ad.screenshot({ path: `${SHOTS}/ga4-finish-views.png`, fullPage: true });
  expect(await seriousViolations(ad)).toEqual([]);

  // Act: a reload still lists (the code is kept for this tab); then tick and connect.
  await ad.reload();
  await demo.check();
  await expect(connect).toHaveText('Connect 1 view');
  await connect.click();

  // Assert: done, and nothing of the sign-in is left in this tab's storage.
  await expect(ad.getByRole('heading', { level: 1, name: 'Connected' })).toBeVisible();
  await ad.screenshot({ path: `${SHOTS}/ga4-finish-connected.png`, fullPage: true });
  const stored = await ad.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toMatch(/"code"|xrg/);
  await advertiser.close();

  // Assert: the rep's panel (polling) shows the connection and its backfill, then its end.
  const connection = panel.getByRole('article', { name: `Google account ${GOOGLE_USER}` });
  await expect(connection).toBeVisible({ timeout: 30_000 });
  await expect(connection.getByText(DEMO_PROPERTY, { exact: true })).toBeVisible();
  // The panel polls every 5 s while the request is open; 14 months take far longer to pull.
  const bar = connection.getByRole('progressbar', { name: `History of ${DEMO_PROPERTY} pulled` });
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,2}$/);
  await panel.screenshot({ path: `${SHOTS}/ga4-panel-backfill.png` });
  expect(await seriousViolations(page, '#connections')).toEqual([]);
  await expect(connection.getByText(/pulled\. Up to date\./)).toBeVisible({ timeout: 480_000 });
  await expect(statusBadge(panel)).toHaveText('Status: Connected');
  await expect(connection.getByText(/^Last pull: \w{3} \d/)).toBeVisible();
  await panel.screenshot({ path: `${SHOTS}/ga4-panel-connected.png` });

  // Act: the rep runs the report on the connected visits.
  await page.getByRole('button', { name: 'Run report' }).click();

  // Assert: a report with visits from the connection (the client has no visits CSV).
  const tiles = page.getByTestId('kpi-tile');
  await expect(tiles).toHaveCount(5, { timeout: 120_000 });
  await expect(tiles.nth(1).locator('.kpi__value')).toHaveText(/^[1-9][0-9.,]*[kmbt]?$/);
  await expect(page.getByTestId('sample-watermark')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ga4-report-connected-visits.png`, fullPage: true });

  // Act: the rep adds the Google account's other property to the same connection.
  const addForm = connection.getByRole('form', { name: 'Add a property' });
  const toAdd = addForm.getByLabel('Property to add');
  await expect(toAdd.getByRole('option')).toHaveText([
    `${SMALL_SITE_PROPERTY} · https://outlet.demo-advertiser.example`,
  ]);
  await connection.screenshot({ path: `${SHOTS}/ga4-card-add-property.png` });
  await addForm.getByRole('button', { name: 'Add a property' }).click();

  // Assert: the card says so, shows the property with its backfill, and offers nothing more.
  await expect(connection.getByRole('status')).toHaveText(
    `${SMALL_SITE_PROPERTY} added: its history is being pulled.`,
  );
  await expect(connection.getByText(SMALL_SITE_PROPERTY, { exact: true })).toBeVisible();
  await expect(
    connection
      .getByRole('progressbar', { name: `History of ${SMALL_SITE_PROPERTY} pulled` })
      .or(connection.getByText(/pulled\. Up to date\./).nth(1)),
  ).toBeVisible();
  await expect(addForm).toHaveCount(0);
  await connection.screenshot({ path: `${SHOTS}/ga4-card-property-added.png` });
  expect(await seriousViolations(page, '#connections')).toEqual([]);
});
