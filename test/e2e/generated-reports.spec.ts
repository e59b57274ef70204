import { expect, test } from '@playwright/test';
import { callApi } from '../../lib/local/route-calls';
import { logInWithForm } from './support/auth-helpers';
import { advertiserWithClient } from './support/own-client';

const SHOTS = 'test-results/screenshots';

test('a rep generates a quarterly report from the left menu, watches its progress and opens the PDF', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // Prepare: a user with a client of their own (two weeks of airings and visits).
  const {
    url,
    login,
    token,
    client: clientUid,
  } = await advertiserWithClient(
    { request, context, baseURL },
    'generated',
    'Generated Mattress',
    8100,
  );
  await callApi(
    url,
    'create_campaign',
    {
      client_uid: clientUid,
      name: 'Always on',
      flight_start: '2000-01-01',
      flight_end: '2099-12-31',
      budget_cents: 0,
      goal: { kind: 'visits', target: 100 },
      station_ids: [],
      creative_ids: [],
      dmas: [],
    },
    token,
  );
  await logInWithForm(page, login);

  // Act: the left menu's Generated reports; Quarterly report of the client, with its CSV.
  await page.goto('/ss/clients');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', {
      name: 'Generated reports',
    })
    .click();
  await expect(page).toHaveURL(/\/ss\/generated$/);
  await expect(page.getByRole('heading', { name: 'Generated reports', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Generate a report' });
  const client = form.getByLabel('Client', { exact: true });
  await expect(client).toHaveValue(/.+/, { timeout: 30_000 });
  await client.selectOption({ label: 'Generated Mattress' });
  // The monthly report offers the client's campaigns flying in the month.
  await form.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Always on' });
  await expect(form.getByText('the comparisons cover the same days')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/generated-campaign-picker.png`, fullPage: true });
  await form.getByLabel('Report', { exact: true }).selectOption({ label: 'Quarterly report' });
  await client.selectOption({ label: 'Generated Mattress' });
  await expect(form.getByLabel('Quarter').locator('option:checked')).toHaveText(/^Q[1-4] \d{4}$/);
  await form.getByLabel('CSV of the tables').check();
  await form.getByRole('button', { name: 'Generate' }).click();

  // Assert: a progress bar, then the PDF link; the PDF is a PDF of the client's quarter.
  const job = page.getByRole('region', { name: 'Report being generated' });
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expect(job.getByRole('link', { name: 'Open PDF' })).toBeVisible({ timeout: 120_000 });
  await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(job.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/generated-reports.png`, fullPage: true });
  const recent = page.getByRole('region', { name: 'Recent generated reports' });
  await expect(recent).toContainText('Quarterly report · Generated Mattress');

  const popup = page.waitForEvent('popup');
  await job.getByRole('link', { name: 'Open PDF' }).click();
  const pdfPage = await popup;
  const href = pdfPage.url();
  const pdf = await request.get(href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
