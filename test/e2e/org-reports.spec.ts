import { expect, test } from '@playwright/test';
import { newAdvertiser } from './support/account-helpers';
import { apiIdToken, logInWithForm } from './support/auth-helpers';
import { smallClient } from './support/billing-helpers';

const SHOTS = 'test-results/screenshots';

test('a rep rolls up their organisation from the generated reports page and downloads the zip', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await context.addCookies([{ name: 'ss_cookie_consent', value: '1', url: baseURL as string }]);
  // Prepare: a user whose organisation has a client with two weeks of airings and visits.
  const login = await newAdvertiser('orgreports');
  const token = await apiIdToken(request, login);
  await smallClient(baseURL as string, token, 'Rollup Sofa Co', 8200);
  await logInWithForm(page, login);

  // Act: the organisation roll-up of their organisation over September 2016.
  await page.goto('/ss/generated');
  const form = page.getByRole('form', { name: 'Generate an organisation report' });
  await form.getByLabel('Organisation family').selectOption({ label: 'Organisation roll-up' });
  await expect(form.getByLabel('Organisation', { exact: true })).toHaveValue(/.+/, {
    timeout: 30_000,
  });
  await form.getByLabel('From').fill('2016-09-01');
  await form.getByLabel('To', { exact: true }).fill('2016-09-30');
  await form.getByRole('button', { name: 'Build organisation report' }).click();

  // Assert: the job's progress bar, then a zip link that downloads a zip.
  const job = page.getByRole('region', { name: 'Report being generated' });
  await expect(job).toContainText('Organisation roll-up');
  await expect(job.getByRole('link', { name: 'Download zip' })).toBeVisible({ timeout: 120_000 });
  await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await page.screenshot({ path: `${SHOTS}/org-reports.png`, fullPage: true });
  const href = await job.getByRole('link', { name: 'Download zip' }).getAttribute('href');
  const zip = await request.get(href ?? '');
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
});
