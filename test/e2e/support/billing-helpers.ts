import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { ReportView } from '#shared/contracts/report.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../../lib/local/demo-postlog';
import { importFile } from '../../../lib/local/import-file';
import { waitForReport } from '../../../lib/local/report-run';
import { callApi } from '../../../lib/local/route-calls';
import {
  writeSimulatedFootTraffic,
  writeSimulatedVisits,
} from '../../../lib/local/simulated-visits';
import { importCalls } from './import-calls';

const SHOTS = 'test-results/screenshots';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A full-page screenshot at desktop and phone widths: `<name>.png` and `<name>-phone.png`. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/**
 * One small advertiser of the user: a two-week post-log with simulated visits, and with
 * `stores`, simulated hourly store visits (foot traffic, two stores per DMA).
 */
export async function smallClient(
  url: string,
  token: string,
  name: string,
  seed: number,
  stores = false,
) {
  const dir = mkdtempSync(join(tmpdir(), 'ao-billing-'));
  const postlog = join(dir, `${seed}-postlog.csv`);
  writeFileSync(postlog, demoPostlogCsv({ weeks: 2, spotsPerDay: 4, seed }));
  const visits = join(dir, `${seed}-visits.csv`);
  await writeSimulatedVisits(postlog, visits, { dataDir: resolveDataDir(), seed });
  const calls = importCalls(url, token);
  const job = await importFile(calls, { path: postlog, kind: 'postlog', advertiser: name });
  await importFile(calls, { path: visits, kind: 'visits', clientUid: job.client_uid });
  if (stores) {
    const footTraffic = join(dir, `${seed}-stores.csv`);
    await writeSimulatedFootTraffic(postlog, footTraffic, {
      dataDir: resolveDataDir(),
      seed: seed + 1000,
      dailyVisits: 2400,
    });
    await importFile(calls, { path: footTraffic, kind: 'foot_traffic', clientUid: job.client_uid });
  }
  return job.client_uid;
}

/**
 * Puts a user behind the paywall the way use does (spec §9 "Two free reports always"): three
 * advertisers of their own, a report on each; the first two use the free reports, so the third
 * is flagged max_reports. With `stores`, the third also has foot traffic.
 * @returns the third client's uid (its report is locked).
 */
export async function clientBehindPaywall(
  url: string,
  token: string,
  stores = false,
): Promise<string> {
  const clients: string[] = [];
  for (const [i, name] of ['Free One Bakery', 'Free Two Bakery', 'Paid Three Bakery'].entries()) {
    const client = await smallClient(url, token, name, 6100 + i, stores && i === 2);
    await waitForReport(url, client, {}, token);
    clients.push(client);
  }
  const third = clients[2] as string;
  const view = await callApi<ReportView>(url, 'get_report', { client_uid: third }, token);
  expect(view.max_reports).toBe(true);
  return third;
}

/** The Insights panel behind the paywall ("Insights (locked)"). */
export const lockedInsights = (page: Page) =>
  page.getByRole('region', { name: 'Insights (locked)' });
