import { expect, test } from '@playwright/test';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { pngBytes, wavBytes } from '../support/media-bytes';
import { logInWithForm } from './support/auth-helpers';
import { advertiserWithImports } from './support/own-client';
import { breakdownTabs } from './support/report-helpers';

const SHOTS = 'test-results/screenshots';

test('a rep names a creative, uploads its spot with a progress bar, and plays it in the report', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Prepare: a new advertiser with two weeks of airings (four demo creatives) and visits, and
  // one report run.
  const { url, login, token, client } = await advertiserWithImports(
    { request, baseURL },
    'spots',
    'Spot Check Mattress',
    { weeks: 2, spotsPerDay: 6, seed: 7 },
  );
  await waitForReport(url, client, {}, token);
  await callApi(url, 'reset_settings', { client_uid: client }, token);

  // Act: open the report's Creative table and the creatives dialog.
  await logInWithForm(page, login);
  await page.goto(`/ss?client=${client}`);
  await breakdownTabs(page).getByRole('tab', { name: 'Creative' }).click();
  const creativeTable = page.getByRole('table', { name: 'Creative breakdown' });
  const firstRow = creativeTable.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  const creativeId = (await firstRow.locator('.label-cell').innerText()).trim();
  await page.getByRole('button', { name: 'Edit creatives' }).click();
  const dialog = page.getByRole('dialog', { name: 'Creatives' });
  const item = dialog
    .locator('li')
    .filter({ has: page.getByRole('form', { name: `Creative ${creativeId}` }) });
  const form = item.getByRole('form');

  // Act: rename, tag and time it.
  await form.getByLabel('Name').fill('Spring sale :30');
  await form.getByLabel('ISCI').fill('spr00030');
  await form.getByLabel('Length (s)').fill('30');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(item.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // Act + Assert: a PNG passed off as an .mp4 is refused by its content, naming the creative.
  await item.getByLabel(/Attach media/).setInputFiles({
    name: 'spot.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from(pngBytes()),
  });
  await expect(item.getByRole('alert')).toContainText(
    'Creative "Spring sale :30" was not accepted: the file is not audio or video',
  );
  // A file that is not audio or video by its type never leaves the browser.
  await item.getByLabel(/Attach media/).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a spot'),
  });
  await expect(item.getByRole('alert')).toHaveText(
    'notes.txt is not an audio or video file. Attach an MP4, MOV, MP3, WAV...',
  );
  await dialog.screenshot({ path: `${SHOTS}/creatives-refused.png` });

  // Act: attach a real WAV (two seconds of tone made from bytes).
  await item.getByLabel(/Attach media/).setInputFiles({
    name: 'spring-sale.wav',
    mimeType: 'audio/wav',
    buffer: Buffer.from(wavBytes(2)),
  });

  // Assert: the progress bar reaches 100% and the server accepts the file.
  const bar = item.getByRole('progressbar', { name: `Upload of ${creativeId}` });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(item.getByText('Uploaded 100%. Media attached.')).toBeVisible();
  await expect(item.getByText(/Attached: audio\/wav/)).toBeVisible();
  await dialog.screenshot({ path: `${SHOTS}/creatives-dialog.png` });
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // Assert: the report's Creative table shows the new name, and plays the spot in place.
  const row = creativeTable.locator('tbody tr').filter({ hasText: 'Spring sale :30' });
  await expect(row).toHaveCount(1);
  const play = row.getByRole('button', { name: 'Play spot Spring sale :30' });
  await play.focus();
  await page.keyboard.press('Enter');
  const player = row.getByLabel('Spot Spring sale :30');
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState), {
      message: 'the spot loads in the player',
    })
    .toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((el: HTMLMediaElement) => Math.round(el.duration))).toBe(2);
  await creativeTable.screenshot({ path: `${SHOTS}/creatives-playing.png` });
});
