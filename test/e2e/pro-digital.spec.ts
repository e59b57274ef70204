import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { ReportView } from '#shared/contracts/report.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { newAdvertiser } from './support/account-helpers';
import { apiIdToken, logInWithForm } from './support/auth-helpers';
import { importCalls } from './support/import-calls';

const SHOTS = 'test-results/screenshots';

/**
 * The simulated minute visits CSV with engagement columns added (about 58% of sessions engaged,
 * about 52 s of engagement each), or rolled up to hours (hour_utc) without them.
 */
function reshape(csv: string, as: 'engaged' | 'hourly'): string {
  const [, ...rows] = csv.trim().split('\n');
  if (as === 'engaged') {
    const out = rows.map((line, i) => {
      const sessions = Number(line.split(',')[2]);
      const engaged = Math.round(sessions * 0.58);
      return `${line},${engaged},${sessions * 52 + (i % 7)}`;
    });
    return `minute_utc,dma_code,sessions,new_users,pageviews,engaged_sessions,engagement_seconds\n${out.join('\n')}\n`;
  }
  const hours = new Map<string, number[]>();
  for (const line of rows) {
    const [minute, dma, ...counts] = line.split(',');
    const key = `${(minute ?? '').slice(0, 13)}:00:00Z,${dma}`;
    const sum = hours.get(key) ?? [0, 0, 0];
    counts.forEach((c, k) => {
      sum[k] = (sum[k] ?? 0) + Number(c);
    });
    hours.set(key, sum);
  }
  const out = [...hours].map(([key, sum]) => `${key},${sum.join(',')}`);
  return `hour_utc,dma_code,sessions,new_users,pageviews\n${out.join('\n')}\n`;
}

/** An advertiser of the user with a two-week post-log and simulated visits, reshaped. */
async function client(url: string, token: string, name: string, as: 'engaged' | 'hourly') {
  const dir = mkdtempSync(join(tmpdir(), 'ao-digital-'));
  const postlog = join(dir, 'postlog.csv');
  writeFileSync(postlog, demoPostlogCsv({ weeks: 2, spotsPerDay: 6, seed: 7300 }));
  const minutes = join(dir, 'minutes.csv');
  await writeSimulatedVisits(postlog, minutes, { dataDir: resolveDataDir(), seed: 7300 });
  const visits = join(dir, 'visits.csv');
  writeFileSync(visits, reshape(readFileSync(minutes, 'utf8'), as));
  const calls = importCalls(url, token);
  const job = await importFile(calls, { path: postlog, kind: 'postlog', advertiser: name });
  await importFile(calls, { path: visits, kind: 'visits', clientUid: job.client_uid });
  await waitForReport(url, job.client_uid, {}, token);
  return job.client_uid;
}

const proDigital = (page: Page) => page.getByRole('region', { name: 'Pro Digital', exact: true });

test('the Pro Digital section compares in-window visitors with the baseline, and hourly visits are named', async ({
  page,
  request,
  baseURL,
}) => {
  // Prepare: an advertiser of the test's own with two clients: minute visits carrying engaged
  // sessions and engagement seconds, and hourly visits without them.
  const url = baseURL as string;
  const login = await newAdvertiser('digital');
  const token = await apiIdToken(request, login);
  const engaged = await client(url, token, 'Digital Minute Bakery', 'engaged');
  const hourly = await client(url, token, 'Digital Hourly Bakery', 'hourly');

  // Assert: the API carries the section with every metric measured.
  const view = await callApi<ReportView>(url, 'get_report', { client_uid: engaged }, token);
  expect(view.pro_digital?.available).toEqual({
    new_user_share: true,
    engaged_rate: true,
    engagement_time_s: true,
  });
  expect(view.pro_digital?.overall?.window_sessions).toBeGreaterThan(0);

  // Act: open the report as the user does.
  await logInWithForm(page, login);
  await page.goto(`/ss?client=${engaged}`);
  await page.getByRole('button', { name: 'Accept' }).click();

  // Assert: three metrics in the windows against the baseline, and the station table.
  const section = proDigital(page);
  await expect(section).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole('figure', { name: /^New-user share: \d/ })).toBeVisible();
  await expect(section.getByRole('figure', { name: /^Engaged-session rate: \d/ })).toBeVisible();
  await expect(section.getByRole('figure', { name: /^Avg\. engagement time: \d/ })).toBeVisible();
  await expect(section.locator('svg.recharts-surface').first()).toBeVisible();
  const stations = section.getByRole('table');
  await expect(stations.getByRole('columnheader', { name: 'Engaged-session rate' })).toBeVisible();
  expect(await stations.locator('tbody tr').count()).toBeGreaterThan(0);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/pro-digital-minute.png` });
  await section.getByRole('tab', { name: 'Daypart' }).click();
  await expect(section.getByRole('columnheader', { name: 'Daypart' })).toBeVisible();
  await section.screenshot({ path: `${SHOTS}/pro-digital-dayparts.png` });

  // Act: Preview lays the report out on sheets.
  await page.getByRole('button', { name: 'Preview' }).click();

  // Assert: the section is on the sheets too.
  const preview = page.getByTestId('preview-mode');
  await expect(preview.getByRole('region', { name: 'Pro Digital', exact: true })).toBeVisible();
  await preview
    .getByRole('region', { name: 'Pro Digital', exact: true })
    .screenshot({ path: `${SHOTS}/pro-digital-preview.png` });

  // Act: the same report as get_report answers a caller past the free reports without the
  // unlocks (the server's withholding is covered by the gate tests; this is the screen's side).
  await page.route('**/ss_rest/get_report*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.result = {
      ...body.result,
      max_reports: true,
      pro_digital: { ...body.result.pro_digital, overall: null, tables: null },
      locked_sections: ['website_impact', 'detailed_digital_metrics'],
    };
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/ss?client=${engaged}`);

  // Assert: both parts locked, each with Unlock at its own price.
  const lockedImpact = proDigital(page).getByRole('region', { name: 'Website impact (locked)' });
  await expect(
    lockedImpact.getByRole('link', { name: /Website impact alone, \$25\/month/ }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(
    proDigital(page)
      .getByRole('region', { name: 'Detailed digital metrics (locked)' })
      .getByRole('link', { name: 'Unlock Advertiser Insights' }),
  ).toBeVisible();
  await proDigital(page).screenshot({ path: `${SHOTS}/pro-digital-locked.png` });
  await page.unroute('**/ss_rest/get_report*');

  // Act: the hourly client.
  await page.goto(`/ss?client=${hourly}`);

  // Assert: the chart says the visits are hourly because of the upload; the engagement metrics
  // are not available rather than zero.
  const notice = page.getByTestId('hourly-notice');
  await expect(notice).toContainText('These website visits are hourly', { timeout: 60_000 });
  await expect(notice).toContainText('hour_utc');
  const hourlySection = proDigital(page);
  await expect(hourlySection.getByRole('note')).toContainText('not available');
  await expect(hourlySection.getByText('Not available', { exact: true })).toHaveCount(2);
  await expect(hourlySection).toContainText('in the clock hour of each airing');
  await page
    .locator('.report-body__figures')
    .screenshot({ path: `${SHOTS}/pro-digital-hourly-chart.png` });
  await hourlySection.screenshot({ path: `${SHOTS}/pro-digital-hourly.png` });
});
