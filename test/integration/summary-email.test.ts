import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { outboxMails } from './support/outbox';
import { importDemoClient, stackForFile } from './support/stack';

const local = stackForFile();

test('a summary e-mailed from a finished report lands in the outbox as HTML with the chart inline, and the station logo upload is stored resized', async () => {
  // Prepare: a client with a finished report.
  const url = local.stack.url;
  const { clientUid } = await importDemoClient(local, {
    name: 'summary',
    advertiser: 'Summary Mattress',
    weeks: 2,
    spotsPerDay: 6,
    seed: 11,
  });
  const run = await waitForReport(url, clientUid, {}, local.token);

  // Act: e-mail the summary to two people, and upload a station logo.
  const sent = await callApi<{ sent: boolean; recipients: string[] }>(
    url,
    'send_summary_email',
    {
      client_uid: clientUid,
      report_id: run.report_id,
      recipients: ['boss@summary.example.com', 'cfo@summary.example.com'],
      note: 'March numbers.',
      view: 'tab=station',
    },
    local.token,
  );
  const logo = await sharp({
    create: { width: 800, height: 200, channels: 3, background: { r: 10, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const station = await callApi<{ station: { station_logo: string; name: string } }>(
    url,
    'update_station_info',
    { name: 'KSUM', station_logo: `data:image/jpeg;base64,${logo.toString('base64')}` },
    local.token,
  );

  // Assert: one HTML message per recipient, with its .eml holding the PNG chart.
  expect(sent).toEqual({
    sent: true,
    recipients: ['boss@summary.example.com', 'cfo@summary.example.com'],
  });
  const mails = outboxMails(local.stack.mailDir).filter((m) =>
    m.subject.startsWith('Report summary: Summary Mattress'),
  ) as unknown as Array<{ to: string; html: string; text: string; eml: string }>;
  expect(mails.map((m) => m.to).sort()).toEqual([
    'boss@summary.example.com',
    'cfo@summary.example.com',
  ]);
  const [first] = mails;
  expect(first?.text).toContain('March numbers.');
  expect(first?.text).toContain(`${url.replace(/\/+$/, '')}/ss?client=${clientUid}`);
  expect(first?.html).toContain('src="cid:summary-chart@analyticowl"');
  const eml = readFileSync(join(local.stack.mailDir, first?.eml ?? ''), 'latin1');
  expect(eml).toMatch(/^Content-Type: image\/png; name=chart\.png/m);
  const png = Buffer.from(station.station.station_logo.split(',')[1] ?? '', 'base64');
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 200, height: 50 });
  expect(station.station.name).toBe('KSUM');
}, 120_000);
