import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiIdToken, demoLogin, logInWithForm } from './support/auth-helpers';
import { mailsTo } from './support/mailbox';
import { waitForDemoReport } from './support/report-helpers';

const SHOTS = 'test-results/screenshots';

test('a user e-mails the report summary to a colleague and uploads a station logo for the cover', async ({
  page,
  request,
}) => {
  // Prepare: the demo client's first report is ready; the user logs in.
  const login = demoLogin();
  const idToken = await apiIdToken(request, login);
  await waitForDemoReport(request, idToken);
  await logInWithForm(page, login);
  await expect(page.getByTestId('kpi-tile').first()).toBeVisible();
  const colleague = `colleague-${Date.now()}@summary.example.com`;

  // Act: E-mail summary with a note.
  await page.getByRole('button', { name: 'E-mail summary' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail a summary' });
  await dialog.getByLabel('Recipient 1').fill(colleague);
  await dialog.getByLabel('Note (optional)').fill('The March numbers are in.');
  await dialog.screenshot({ path: `${SHOTS}/summary-email-dialog.png` });
  await dialog.getByRole('button', { name: 'Send' }).click();

  // Assert: the dialog says who it went to, and the colleague's mail carries the summary.
  await expect(dialog.getByRole('status')).toHaveText(`Summary sent to ${colleague}.`);
  await expect.poll(async () => (await mailsTo(colleague)).length).toBe(1);
  const [mail] = await mailsTo(colleague);
  expect(mail?.subject).toMatch(/^Report summary: /);
  expect(mail?.text).toContain('The March numbers are in.');
  expect(mail?.text).toContain('KEY FIGURES');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Act: Customize -> upload a wide logo.
  const logo = await sharp({
    create: { width: 600, height: 150, channels: 3, background: { r: 20, g: 100, b: 170 } },
  })
    .png()
    .toBuffer();
  await page.getByRole('button', { name: 'Customize' }).click();
  const customize = page.getByRole('dialog', { name: 'Customize report' });
  await customize
    .getByLabel('Upload station logo')
    .setInputFiles({ name: 'kdef.png', mimeType: 'image/png', buffer: logo });

  // Assert: the stored logo (resized into 200 x 75) previews under the station fields.
  const preview = customize.getByRole('img', { name: 'Station logo' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(200);
  await customize.getByRole('group', { name: 'Station' }).screenshot({
    path: `${SHOTS}/customize-station-logo.png`,
  });
});
