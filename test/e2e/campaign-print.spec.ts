import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import { callApi } from '../../lib/local/route-calls';
import { logInWithForm } from './support/auth-helpers';
import { clientReport, daysAfterStart, test } from './support/own-client';

const SHOTS = 'test-results/screenshots';

/** The text of a PDF (poppler's pdftotext) and its first two pages as PNGs beside it. */
function pdfText(pdf: Buffer, stem: string): string {
  mkdirSync(SHOTS, { recursive: true });
  const file = `${SHOTS}/${stem}.pdf`;
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', file, `${SHOTS}/${stem}`]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

/** The Airings KPI of a printout's text (the value on the line under the KPI labels). */
function printedAirings(text: string): number {
  return Number(/AIRINGS[^\n]*\n\s*([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

test('a rep prints a report scoped to a campaign: the PDF names the campaign and its flight and counts its airings only; removing the chip records it on the report session', async ({
  page,
  request,
  ownClient,
}) => {
  // Prepare: a client with a report and a campaign over its first four days on its first station.
  const own = await ownClient('campaign-print', 'Print Mattress', 7900);
  const { url, login, token, client } = own;
  const report = await clientReport(own);
  const flightEnd = daysAfterStart(report, 3);
  const station = report.tables.station?.[0]?.key ?? '';
  const { campaign } = await callApi<{ campaign: Campaign }>(
    url,
    'create_campaign',
    {
      client_uid: client,
      name: 'Launch week',
      flight_start: report.report_date_start,
      flight_end: flightEnd,
      budget_cents: 250_000,
      goal: { kind: 'visits', target: 40 },
      station_ids: [station],
      creative_ids: [],
      dmas: [],
    },
    token,
  );
  await logInWithForm(page, login);
  await page.goto(`/ss?client=${client}&campaign=${campaign.campaign_uid}`);
  await expect(page.getByTestId('campaign-pacing')).toBeVisible({ timeout: 60_000 });

  // Act + Assert: preview mode shows the campaign, its flight and pacing as the PDF will.
  await page.getByRole('button', { name: 'Preview' }).click();
  const previewCampaign = page.getByTestId('preview-mode').getByTestId('print-campaign').first();
  await expect(previewCampaign).toContainText('Launch week');
  await expect(previewCampaign).toContainText('of $2,500.00');
  await previewCampaign.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/campaign-print-0-preview.png` });
  await page.getByRole('button', { name: 'Close preview' }).click();

  // Act: Print / PDF -> View PDF.
  await page.getByRole('button', { name: 'Print / PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print report' });
  await expect(dialog).toContainText('Only the airings of the campaign Launch week');
  await page.screenshot({ path: `${SHOTS}/campaign-print-1-dialog.png` });
  const printed = page.waitForResponse((r) => r.url().endsWith('/print_report'));
  await dialog.getByRole('button', { name: 'View PDF' }).click();
  const body = (await (await printed).json()) as { result: { url: string } };
  const scopedPdf = Buffer.from(await (await request.get(body.result.url)).body());

  // Assert: the PDF names the campaign and flight and counts fewer airings than the report.
  const text = pdfText(scopedPdf, 'campaign-print-2-pdf');
  expect(text).toContain('Launch week');
  expect(text).toMatch(/flight elapsed/i);
  const scopedAirings = printedAirings(text);
  const whole = await callApi<{ url: string }>(
    url,
    'print_report',
    { client_uid: client, report_id: report.report_id },
    token,
  );
  const wholeText = pdfText(
    Buffer.from(await (await request.get(whole.url)).body()),
    'campaign-print-3-whole',
  );
  expect(wholeText).not.toContain('Launch week');
  expect(printedAirings(wholeText)).toBe(report.summary.airings);
  expect(scopedAirings).toBeGreaterThan(0);
  expect(scopedAirings).toBeLessThan(report.summary.airings);

  // Act: close the dialog and remove the campaign chip.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const recorded = page.waitForRequest((r) => r.url().endsWith('/update_session_campaign'));
  await page.getByRole('button', { name: 'Remove filter Campaign Launch week' }).click();

  // Assert: the report session records that it has no campaign now.
  expect((await recorded).postDataJSON()).toMatchObject({
    client_uid: client,
    campaign_uid: null,
  });
  await expect(page).not.toHaveURL(/[?&]campaign=/);
});
