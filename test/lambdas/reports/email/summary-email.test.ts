import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { composeMime } from '#shared/mail/mime';
import { OutboxRawMailer } from '#shared/mail/outbox-raw-mailer';
import { chartPoints } from '#shared/report/series';
import {
  DEFAULT_CHROMIUM_PATH,
  LOCAL_CHROMIUM_ARGS,
} from '../../../../lambdas/reports/adapters/local-pdf-renderer';
import { SharpChartImager } from '../../../../lambdas/reports/adapters/sharp-chart-imager';
import {
  SUMMARY_CHART_CID,
  summaryEmailModel,
} from '../../../../lambdas/reports/core/summary-email';
import { summaryChartSvg } from '../../../../lambdas/reports/email/summary-chart';
import { renderSummaryEmail } from '../../../../lambdas/reports/email/summary-email';
import { comparedReport } from './summary-fixture';

const LINK = 'https://app.analyticowl.test/ss?client=client-a&report=r-1&tab=station';

function model(over: { note?: string; hasChart?: boolean } = {}) {
  return summaryEmailModel(comparedReport(), {
    timeZone: 'America/New_York',
    senderName: 'Alice Adams',
    senderEmail: 'alice@example.com',
    note: over.note ?? 'Here is March.\n\nStations look good.',
    link: LINK,
    hasChart: over.hasChart ?? true,
  });
}

describe('summary e-mail', () => {
  test('the plain-text part says the figures, their change, the top performers and the link', async () => {
    const { text } = await renderSummaryEmail(model());

    expect(text).toMatchSnapshot();
  });

  test('the sender note is escaped in the HTML, never markup', async () => {
    const { html, text } = await renderSummaryEmail(
      model({ note: '<img src=x onerror=alert(1)> & <b>bold</b>' }),
    );

    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(text).toContain('<img src=x onerror=alert(1)> & <b>bold</b>');
  });

  test('is one MIME message: text and HTML alternatives with the chart as an inline PNG', async () => {
    const svg = summaryChartSvg(chartPoints(comparedReport().series, 'America/New_York'));
    const png = await new SharpChartImager().png(svg ?? '');
    const { html, text } = await renderSummaryEmail(model());

    const raw = await composeMime('AnalyticOwl <no-reply@analyticowl.test>', {
      to: 'boss@example.com',
      replyTo: 'alice@example.com',
      subject: 'Report summary: Acme Mattress, 03/01/2024 – 03/31/2024',
      html,
      text,
      inline: [
        { cid: SUMMARY_CHART_CID, filename: 'chart.png', contentType: 'image/png', content: png },
      ],
    });
    const message = raw.toString('latin1');

    // alternative(text, related(html, image)): clients without HTML never see the image part.
    expect(message).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(message).toMatch(/^Content-Type: multipart\/related; type="text\/html";/m);
    expect(message).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(message).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(message).toMatch(/^Reply-To: alice@example.com$/m);
    expect(message).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(message).toMatch(new RegExp(`^Content-ID: <${SUMMARY_CHART_CID}>$`, 'm'));
    const part = message.split(/^--/m).find((p) => p.includes('Content-Type: image/png'));
    const body = part?.split(/\r?\n\r?\n/)[1]?.replace(/\s+/g, '') ?? '';
    expect(Buffer.from(body, 'base64')).toEqual(Buffer.from(png));
  });

  test('the local outbox keeps the message as JSON and as an .eml file', async () => {
    const dir = join(tmpdir(), `outbox-${process.pid}-${Date.now()}`);
    const lines: string[] = [];
    const mailer = new OutboxRawMailer(dir, undefined, (l) => lines.push(l));
    const { html, text } = await renderSummaryEmail(model({ hasChart: false }));

    await mailer.send({ to: 'boss@example.com', subject: 'Summary', html, text, inline: [] });

    const files = (await readdir(dir)).sort();
    expect(files.map((f) => f.replace(/^\d+-/, ''))).toEqual([
      '0001-boss@example.com.eml',
      '0001-boss@example.com.json',
    ]);
    const json = JSON.parse(await readFile(join(dir, files[1] ?? ''), 'utf8'));
    expect(json).toMatchObject({ to: 'boss@example.com', subject: 'Summary', eml: files[0] });
    expect(await readFile(join(dir, files[0] ?? ''), 'latin1')).toMatch(/^To: boss@example.com$/m);
    expect(lines).toEqual(['mail to boss@example.com: Summary']);
  });

  test('renders in Chromium with the KPI tiles, the chart image and the link (screenshot)', async () => {
    const svg = summaryChartSvg(chartPoints(comparedReport().series, 'America/New_York'));
    const png = await new SharpChartImager().png(svg ?? '');
    const { html } = await renderSummaryEmail(model());
    // A mail client resolves cid: from the message; the page gets the same bytes inline.
    const page = html.replace(
      `cid:${SUMMARY_CHART_CID}`,
      `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH,
      args: LOCAL_CHROMIUM_ARGS,
      headless: true,
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 700, height: 900 } });
      await tab.setContent(page);
      const chart = tab.getByRole('img', { name: /Chart of visits per hour/ });
      const width = await chart.evaluate((img) => (img as HTMLImageElement).naturalWidth);
      expect(width).toBe(1120);
      expect(await tab.getByText('Airings', { exact: true }).isVisible()).toBe(true);
      expect(
        await tab.getByRole('link', { name: 'Open the full report' }).getAttribute('href'),
      ).toBe(LINK);
      await mkdir('test-results', { recursive: true });
      await writeFile('test-results/summary-email.png', await tab.screenshot({ fullPage: true }));
    } finally {
      await browser.close();
    }
  });
});
