import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { resolveDataDir } from '#shared/reference/dmas';
import { importFile } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedFootTraffic } from '../../lib/local/simulated-visits';
import { logInWithForm } from './support/auth-helpers';
import { advertiserWithImports } from './support/own-client';
import { breakdownTable, breakdownTabs, columnNumbers, isSorted } from './support/report-helpers';

const SHOTS = 'test-results/screenshots';

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree nodes). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
}

test('a rep walks a report: tab, sort, drill in and out, customize, print to PDF, save and reopen', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Prepare: a new advertiser account (its first client is one of its free reports, whatever
  // other specs did to the demo user's) with three weeks of airings, simulated visits and store
  // visits, and one report run (uploads through the gateway, like the upload panel).
  const { url, login, token, client, dir, postlog, calls } = await advertiserWithImports(
    { request, baseURL },
    'walk',
    'Walkthrough Mattress Co',
    { weeks: 3, spotsPerDay: 6, seed: 41 },
  );
  const stores = join(dir, 'walk-foot-traffic.csv');
  await writeSimulatedFootTraffic(postlog, stores, {
    dataDir: resolveDataDir(),
    seed: 42,
    dailyVisits: 2400,
  });
  await importFile(calls, { path: stores, kind: 'foot_traffic', clientUid: client });
  const first = await waitForReport(url, client, {}, token);
  // The local data folder outlives a run: start from default settings (sorts, mode, summary).
  await callApi(url, 'reset_settings', { client_uid: client }, token);

  // Act: open the report.
  await logInWithForm(page, login);
  await page.goto(`/ss?client=${client}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Walkthrough Mattress Co' }),
  ).toBeVisible();
  await expect(page.getByTestId('kpi-tile').first()).toBeVisible();

  // Assert: no serious accessibility problems on the report screen (axe-core, WCAG 2 A/AA).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/walk-1-open.png`, fullPage: true });

  // Assert: store visits are a second response source, with their own tiles and locations.
  const foot = page.locator('section.foot-traffic');
  await expect(foot.getByRole('heading', { level: 2, name: /Foot traffic/ })).toBeVisible();
  await expect(foot.getByTestId('foot-traffic-tile')).toHaveCount(5);
  await foot.getByRole('tab', { name: 'Locations' }).click();
  await expect(foot.locator('tbody tr').first()).toContainText(/Store \d+-1/);
  await foot.screenshot({ path: `${SHOTS}/walk-1b-foot-traffic.png` });

  // Act: switch to the station tab and sort by VPA ascending.
  await breakdownTabs(page).getByRole('tab', { name: 'Station' }).click();
  const vpaHeader = breakdownTable(page).getByRole('columnheader', { name: /^VPA/ });
  await expect(vpaHeader).toHaveAttribute('aria-sort', 'descending');
  await vpaHeader.getByRole('button').click();
  await expect(vpaHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(isSorted(await columnNumbers(page, 'VPA'), 'asc')).toBe(true);
  await expect(page).toHaveURL(/tab=station/);
  await page.screenshot({ path: `${SHOTS}/walk-2-station-sorted.png` });

  // Act: drill into the first station.
  const rows = breakdownTable(page).locator('tbody tr');
  const stationCount = await rows.count();
  const firstStation = rows.first().locator('button[title^="Filter by "]');
  const station = (await firstStation.getAttribute('title'))?.replace('Filter by ', '') ?? '';
  await firstStation.click();

  // Assert: a removable chip, the URL keeps the drill, the view narrows to that station.
  const chip = page.getByRole('button', { name: new RegExp(`^Remove filter .*${station}`) });
  await expect(chip).toBeVisible();
  await expect(page).toHaveURL(/drill=station%3A/);
  await breakdownTabs(page).getByRole('tab', { name: 'Station' }).click();
  await expect(breakdownTable(page).locator('tbody tr')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/walk-3-drilled.png`, fullPage: true });

  // Act: remove the filter.
  await chip.click();
  await expect(chip).toHaveCount(0);
  await expect(breakdownTable(page).locator('tbody tr')).toHaveCount(stationCount);

  // Act: customize the executive summary; closing saves it.
  await page.getByRole('button', { name: 'Customize' }).click();
  const summaryText = 'Prime time on our stations doubled visits in week two.';
  await page.getByLabel('Executive summary').fill(summaryText);
  await page.screenshot({ path: `${SHOTS}/walk-4-customize.png` });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect
    .poll(
      async () =>
        (
          await callApi<{ settings: { executive_summary?: string } }>(
            url,
            'get_report_settings',
            { client_uid: client },
            token,
          )
        ).settings.executive_summary,
      { timeout: 15_000 },
    )
    .toBe(summaryText);

  // Act: print to PDF.
  await page.getByRole('button', { name: 'Print / PDF' }).click();
  await page.getByLabel('Landscape pages').check();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const pdf = readFileSync((await download.path()) ?? '');

  // Assert: a real PDF of several pages.
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfPageCount(pdf)).toBeGreaterThan(1);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await page.getByRole('button', { name: 'Close' }).click();

  // Act: save the report, then run a newer one so the saved one is stale.
  await page.getByRole('button', { name: 'Save report' }).click();
  await page.getByLabel('Report name').fill('Q3 walkthrough');
  await page.getByLabel('Comments').fill('Before the new flight.');
  await page.getByRole('dialog').getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const second = await waitForReport(url, client, {}, token);
  expect(second.report_id).not.toBe(first.report_id);
  await page.reload();

  // Assert: the customization survived the reload.
  await page.getByRole('button', { name: 'Customize' }).click();
  await expect(page.getByLabel('Executive summary')).toHaveValue(summaryText);
  await page.getByRole('button', { name: 'Done' }).click();

  // Assert: the station sort was saved with the settings: a link without a sort opens it so.
  await page.goto(`/ss?client=${client}&tab=station`);
  await expect(breakdownTable(page).getByRole('columnheader', { name: /^VPA/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  // Act: reopen the saved report.
  await page.getByLabel('Open a saved report').selectOption({ label: 'Q3 walkthrough' });

  // Assert: the stale dialog with its countdown; Load Last Report shows the saved report.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Load Updated Report' })).toBeVisible();
  const countdown = dialog.getByTestId('countdown');
  await expect(countdown).toHaveText(/^(1\d|20)$/);
  await expect(dialog).toContainText('Before the new flight.');
  await page.screenshot({ path: `${SHOTS}/walk-5-saved-dialog.png` });
  await dialog.getByRole('button', { name: 'Load Last Report' }).click();
  await expect(page).toHaveURL(new RegExp(`report=${first.report_id}`));
  await expect(page.getByTestId('kpi-tile').first()).toBeVisible();
});
