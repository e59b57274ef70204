import { GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { expect, type Page, test } from '@playwright/test';
import type { Delivery, DeliveryMessage, Schedule } from '#shared/contracts/schedules.schema';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { LOCAL_QUEUES } from '../../lib/local/sqs';
import { readPorts } from '../../lib/local/stack-state';
import { seriousViolations } from './support/a11y';
import { logInWithForm } from './support/auth-helpers';
import { E2E_LOCAL_DIR } from './support/e2e-env';
import { mailsTo } from './support/mailbox';
import { advertiserWithClient } from './support/own-client';
import { grantProduct } from './support/subscriptions';

/**
 * Fires one occurrence of a schedule as its trigger does (EventBridge Scheduler in AWS, croner
 * on the local stack): the `{ schedule_id, client_uid, occurrence_at }` message on the local
 * DeliveryQueue, whose consumer runs the delivery. The browser test cannot reach the stack's
 * in-process `schedules.fireDue`, so it sends the same message the way the stack would.
 */
async function fireOccurrence(message: DeliveryMessage): Promise<void> {
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${readPorts(E2E_LOCAL_DIR).sqs}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const { QueueUrl } = await sqs.send(
      new GetQueueUrlCommand({ QueueName: LOCAL_QUEUES.delivery }),
    );
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(message) }));
  } finally {
    sqs.destroy();
  }
}

/** Waits (with a deadline) until the schedule's delivery of `period` is no longer in progress. */
async function settledDelivery(url: string, token: string, schedule: Schedule, period: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { deliveries } = await callApi<{ deliveries: Delivery[] }>(
      url,
      'schedule_deliveries',
      { client_uid: schedule.client_uid, schedule_id: schedule.schedule_id },
      token,
    );
    const found = deliveries.find((d) => d.period_key === period);
    if (found && found.status !== 'sending') return found;
    if (Date.now() > deadline)
      throw new Error(`no delivery of ${period}: ${JSON.stringify(deliveries)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The dialog on screen (not the long report under it) at desktop and phone widths. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screenshots/${name}-phone.png` });
  if (desktop) await page.setViewportSize(desktop);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Scheduled deliveries' });
const REPORT = 'This report (with its saved settings)';

test('a rep schedules a monthly report for a client, sees its next run, its history and pauses it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // Prepare: a user of the test's own with one client and its report.
  const { url, login, token, client } = await advertiserWithClient(
    { request, context, baseURL },
    'schedule',
    'Schedule Bakery',
    7700,
  );
  await waitForReport(url, client, {}, token);
  await logInWithForm(page, login);
  await page.goto(`/ss?client=${client}`);
  const toolbar = page.getByRole('toolbar', { name: 'Report actions' });
  await expect(toolbar).toBeVisible({ timeout: 60_000 });

  // Act: without a plan, Schedule opens locked.
  await toolbar.getByRole('button', { name: 'Schedule' }).click();

  // Assert: it says why and leads to the plans.
  await expect(dialog(page).getByTestId('schedules-locked')).toContainText('Advertiser Insights');
  await expect(
    dialog(page).getByRole('link', { name: 'See plans with scheduled deliveries' }),
  ).toHaveAttribute('href', '/plans?product=advertiser');
  await shoot(page, 'schedules-0-locked');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // Act: with Advertiser Insights, a monthly delivery of the report on the 1st at 8:00 AM in
  // Chicago, covering last month, to the rep and a colleague, with the CSV.
  await grantProduct(url, token, 'advertiser');
  await page.reload();
  await toolbar.getByRole('button', { name: 'Schedule' }).click();
  await expect(
    dialog(page).getByRole('heading', { name: 'No scheduled deliveries yet' }),
  ).toBeVisible();
  await dialog(page).getByRole('button', { name: 'New schedule' }).click();
  const form = dialog(page).getByRole('form', { name: 'New schedule' });
  await form.getByLabel('Send').selectOption('report');
  await form.getByLabel('How often').selectOption('monthly');
  await form.getByLabel('Day of the month').selectOption('1');
  await form.getByLabel('Local time').fill('08:00');
  await form.getByLabel('Time zone').selectOption('America/Chicago');
  await expect(form.getByLabel('Covers')).toHaveValue('last_month');
  await expect(form.getByLabel('Recipient 1', { exact: true })).toHaveValue(login.email);
  await form.getByRole('button', { name: 'Add recipient' }).click();
  await form.getByLabel('Recipient 2', { exact: true }).fill('colleague@example.com');
  await form.getByRole('checkbox', { name: 'Also attach the tables as CSV' }).check();
  expect(await seriousViolations(page, '.modal__box')).toEqual([]);
  await shoot(page, 'schedules-1-form');
  await form.getByRole('button', { name: 'Create schedule' }).click();

  // Assert: listed, with the cadence in words and the next run on the 1st at 8:00 AM, Chicago.
  await expect(dialog(page).getByRole('status').first()).toContainText('Schedule created.');
  const item = dialog(page).getByRole('listitem').filter({ hasText: REPORT });
  await expect(item.getByText('Monthly on the 1st at 8:00 AM (America/Chicago)')).toBeVisible();
  await expect(item.getByText(/^\d{2}\/01\/\d{4}, 8:00 AM \(America\/Chicago\)$/)).toBeVisible();
  await expect(item.getByText(`${login.email}, colleague@example.com`)).toBeVisible();
  expect(await seriousViolations(page, '.modal__box')).toEqual([]);
  await shoot(page, 'schedules-2-listed');

  // Act + Assert: the delivery history, empty until the first run.
  await item.getByRole('button', { name: `Delivery history of ${REPORT}` }).click();
  await expect(dialog(page).getByRole('heading', { name: 'No deliveries yet' })).toBeVisible();
  await shoot(page, 'schedules-3-history');
  await dialog(page).getByRole('button', { name: '← All schedules' }).click();

  // Act: the run of October 1st, 2016 at 8:00 AM in Chicago (13:00 UTC, daylight time) comes:
  // it covers September 2016, the month the client's airings are in.
  const info = await callApi<{ client_info: { report_schedules: Schedule[] } }>(
    url,
    'fetch_client_info',
    { client_uid: client },
    token,
  );
  const schedule = info.client_info.report_schedules[0] as Schedule;
  await fireOccurrence({
    schedule_id: schedule.schedule_id,
    client_uid: client,
    occurrence_at: '2016-10-01T13:00:00.000Z',
  });
  const delivered = await settledDelivery(url, token, schedule, '2016-09-01..2016-09-30');
  expect(delivered).toMatchObject({ status: 'sent' });

  // Assert: the history lists it: sent, for 09/01/2016 – 09/30/2016, to both, with its PDF.
  await item.getByRole('button', { name: `Delivery history of ${REPORT}` }).click();
  const row = dialog(page).getByRole('row').filter({ hasText: '09/01/2016 – 09/30/2016' });
  await expect(row.getByText('Sent')).toBeVisible();
  await expect(row.getByText(login.email)).toBeVisible();
  await expect(row.getByText('colleague@example.com')).toBeVisible();
  const pdfLink = row.getByRole('link', { name: 'PDF of 09/01/2016 – 09/30/2016' });
  await expect(pdfLink).toBeVisible();
  const pdf = await request.get((await pdfLink.getAttribute('href')) as string);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await seriousViolations(page, '.modal__box')).toEqual([]);
  await shoot(page, 'schedules-4-delivered');
  await dialog(page).getByRole('button', { name: '← All schedules' }).click();

  // Act: pause it.
  await item.getByRole('button', { name: `Pause ${REPORT}` }).click();

  // Assert: paused, no next run; the list still says so after the dialog is opened again.
  await expect(dialog(page).getByText('Schedule paused.')).toBeVisible();
  await expect(item.getByRole('button', { name: `Resume ${REPORT}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await toolbar.getByRole('button', { name: 'Schedule' }).click();
  const again = dialog(page).getByRole('listitem').filter({ hasText: REPORT });
  await expect(again.getByText('Paused', { exact: true }).first()).toBeVisible();
  await expect(again.getByRole('button', { name: `Resume ${REPORT}` })).toBeVisible();
  await shoot(page, 'schedules-5-paused');
  await page.keyboard.press('Escape');

  // Act: the colleague follows the unsubscribe link of the e-mail they got (its signed token on
  // the public /unsubscribe page).
  const mail = (await mailsTo('colleague@example.com')).find((m) =>
    m.subject.startsWith('Schedule Bakery'),
  );
  const link = mail?.text.match(/To stop receiving this report: (\S+)/)?.[1] ?? '';
  const unsubscribeToken = new URL(link).searchParams.get('token') ?? '';
  expect(unsubscribeToken).not.toBe('');
  await page.goto(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`);

  // Assert: confirmed on the page, and the schedule no longer lists the address.
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(
    page.getByText('colleague@example.com will no longer receive', { exact: false }),
  ).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await shoot(page, 'schedules-6-unsubscribed');
  await page.goto(`/ss?client=${client}`);
  await toolbar.getByRole('button', { name: 'Schedule' }).click();
  const after = dialog(page).getByRole('listitem').filter({ hasText: REPORT });
  await expect(after.getByText(login.email, { exact: true })).toBeVisible();
  await expect(after.getByText('colleague@example.com')).toHaveCount(0);
});
