import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedFootTraffic, writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { newAdvertiser } from './support/account-helpers';
import { apiIdToken, logInWithForm } from './support/auth-helpers';
import { importCalls } from './support/import-calls';

const SHOTS = 'test-results/screenshots';

/** No serious or critical axe-core (WCAG 2 A/AA) findings inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('an editor manages store locations from the foot-traffic card: finds a store, adds it, nicknames it, sets hours, deletes another', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(200_000);
  // Prepare: an advertiser with airings, visits and hourly store visits, and one report.
  const url = baseURL as string;
  const login = await newAdvertiser('stores');
  const token = await apiIdToken(request, login);
  const dir = mkdtempSync(join(tmpdir(), 'ao-stores-'));
  const postlog = join(dir, 'stores-postlog.csv');
  writeFileSync(postlog, demoPostlogCsv({ weeks: 2, spotsPerDay: 6, seed: 17 }));
  const visits = join(dir, 'stores-visits.csv');
  await writeSimulatedVisits(postlog, visits, { dataDir: resolveDataDir(), seed: 17 });
  const stores = join(dir, 'stores-foot-traffic.csv');
  await writeSimulatedFootTraffic(postlog, stores, {
    dataDir: resolveDataDir(),
    seed: 18,
    dailyVisits: 2400,
  });
  const calls = importCalls(url, token);
  const imported = await importFile(calls, {
    path: postlog,
    kind: 'postlog',
    advertiser: 'Corner Stores Co',
  });
  const client = imported.client_uid as string;
  await importFile(calls, { path: visits, kind: 'visits', clientUid: client });
  await importFile(calls, { path: stores, kind: 'foot_traffic', clientUid: client });
  await waitForReport(url, client, {}, token);

  // Act + assert: open the report, then Manage locations.
  await logInWithForm(page, login);
  await page.goto(`/ss?client=${client}`);
  const card = page.getByRole('region', { name: /Foot traffic/ });
  await card.getByRole('button', { name: 'Manage locations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Store locations: Corner Stores Co' });
  await expect(dialog.getByText('No store locations yet.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/store-locations-1-empty.png` });

  // Find the stores of the data and add two.
  await dialog.getByLabel('Find a store').fill('Store');
  await dialog.getByRole('button', { name: 'Search' }).click();
  const adds = dialog.getByRole('button', { name: /^Add store / });
  await expect(adds.first()).toBeVisible();
  const firstId = ((await adds.nth(0).getAttribute('aria-label')) ?? '').replace('Add store ', '');
  const secondId = ((await adds.nth(1).getAttribute('aria-label')) ?? '').replace('Add store ', '');
  await adds.nth(0).click();
  await expect(dialog.getByRole('table', { name: 'Store locations' })).toContainText(firstId);
  await dialog.getByRole('button', { name: `Add store ${secondId}` }).click();
  const table = dialog.getByRole('table', { name: 'Store locations' });
  await expect(table).toContainText(secondId);

  // Nickname the first one in place.
  await dialog.getByRole('button', { name: `Edit nickname of ${firstId}` }).click();
  await dialog.getByRole('textbox', { name: `Nickname of ${firstId}` }).fill('Flagship');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(table).toContainText('Flagship');

  // Hours: weekdays 9 to 5, weekend closed.
  await dialog.getByRole('button', { name: 'Opening hours of Flagship' }).click();
  await dialog.getByLabel(/Open all hours/).uncheck();
  await dialog.getByRole('checkbox', { name: /on Saturday/ }).uncheck();
  await dialog.getByRole('checkbox', { name: /on Sunday/ }).uncheck();
  await page.screenshot({ path: `${SHOTS}/store-locations-2-hours.png` });
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save hours' }).click();
  await expect(table).toContainText('Mon–Fri 09:00–17:00 · Sat–Sun closed');
  await page.screenshot({ path: `${SHOTS}/store-locations-3-list.png` });

  // Delete the second one, with a confirmation.
  await dialog.getByRole('button', { name: `Delete ${secondId}` }).click();
  await expect(dialog.getByText(/all its store visits count again/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete location' }).click();
  await expect(table).not.toContainText(secondId);
  await expectAccessible(page, '[role="dialog"]');

  // The phone view: the dialog becomes a full-width sheet with stacked rows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/store-locations-4-phone.png` });

  // The saved state, as the server has it.
  const saved = await callApi<{ locations: { nickname: string | null; hours: unknown }[] }>(
    url,
    'fetch_locations',
    { client_uid: client },
    token,
  );
  expect(saved.locations).toHaveLength(1);
  expect(saved.locations[0]?.nickname).toBe('Flagship');
});
