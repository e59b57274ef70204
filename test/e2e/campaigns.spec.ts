import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './support/a11y';
import { logInWithForm } from './support/auth-helpers';
import { clientReport, daysAfterStart, test } from './support/own-client';

const SHOTS = 'test-results/screenshots';

/** The exact number on the Airings KPI tile (its title holds the unabbreviated value). */
async function airings(page: Page): Promise<string> {
  const tile = page.getByTestId('kpi-tile').filter({ hasText: 'Airings' }).locator('.kpi__value');
  return (await tile.getAttribute('title')) ?? (await tile.innerText());
}

test('a rep creates a campaign, scopes the report to it (chip in the URL, survives reload, scoped figures with pacing) and removes the chip', async ({
  page,
  ownClient,
}) => {
  // Prepare: a user with a client of their own (two weeks of airings) and its report.
  const own = await ownClient('campaigns', 'Campaign Mattress', 7800);
  const { login, client } = own;
  const report = await clientReport(own);
  const flightEnd = daysAfterStart(report, 3);
  await logInWithForm(page, login);
  await page.goto(`/ss?client=${client}`);
  await expect(page.getByTestId('kpi-tile').first()).toBeVisible({ timeout: 60_000 });
  const whole = await airings(page);

  // Act: Campaigns -> New campaign: the first four days of the report, on its first station.
  await page.getByRole('button', { name: 'Campaigns…' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Campaigns…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No campaigns yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'New campaign' }).click();
  const form = dialog.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Campaign name').fill('Launch week');
  await form.getByLabel('Flight start').fill(report.report_date_start);
  await form.getByLabel('Flight end').fill('2000-01-01');
  await form.getByLabel('Budget ($)').fill('lots');
  await form.getByRole('button', { name: 'Create campaign' }).click();

  // Assert: the contract's rules in the browser, each on its field.
  await expect(form.getByText('Flight end must be on or after the flight start.')).toBeVisible();
  await expect(
    form.getByText('Budget must be an amount in dollars, such as 12500.00.'),
  ).toBeVisible();

  // Act: fix them, pick the first station and a visits goal, create.
  await form.getByLabel('Flight end').fill(flightEnd);
  await form.getByLabel('Budget ($)').fill('2,500');
  await form.getByLabel('Goal', { exact: true }).selectOption('visits');
  await form.getByLabel('Target visits').fill('40');
  const station = form.getByRole('group', { name: 'Stations' }).getByRole('checkbox').first();
  await station.check();
  expect(await seriousViolations(page, '.modal__box')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/campaigns-1-form.png` });
  await form.getByRole('button', { name: 'Create campaign' }).click();

  // Assert: listed with its flight, budget and goal.
  const item = dialog.getByRole('listitem').filter({ hasText: 'Launch week' });
  await expect(item).toContainText('budget $2,500.00 · goal 40 visits');
  await page.screenshot({ path: `${SHOTS}/campaigns-2-listed.png` });

  // Act: scope the report to it.
  await item.getByRole('button', { name: 'Show in report' }).click();

  // Assert: the chip, the URL, the pacing panel and the scoped figures.
  const chips = page.getByTestId('filter-chips');
  await expect(chips).toContainText('Campaign: Launch week');
  await expect(page).toHaveURL(/[?&]campaign=[\w-]+/);
  const pacing = page.getByTestId('campaign-pacing');
  await expect(pacing).toContainText('of $2,500.00');
  await expect(pacing).toContainText('Goal: 40 visits');
  await expect.poll(() => airings(page)).not.toBe(whole);
  const scoped = await airings(page);
  expect(Number(scoped.replace(/,/g, ''))).toBeLessThan(Number(whole.replace(/,/g, '')));
  await expect(pacing).toContainText('4 of 4 days (100%)');
  await page.screenshot({ path: `${SHOTS}/campaigns-3-scoped.png` });
  await pacing.screenshot({ path: `${SHOTS}/campaigns-4-pacing.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await pacing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/campaigns-4-pacing-phone.png` });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Act + Assert: a reload keeps the scope (it lives in the URL).
  await page.reload();
  await expect(chips).toContainText('Campaign: Launch week');
  await expect(page.getByTestId('campaign-pacing')).toBeVisible();
  await expect.poll(() => airings(page)).toBe(scoped);

  // Act: remove the chip.
  await page.getByRole('button', { name: 'Remove filter Campaign Launch week' }).click();

  // Assert: the whole report again, and the URL forgets the campaign.
  await expect(page).not.toHaveURL(/[?&]campaign=/);
  await expect(page.getByTestId('campaign-pacing')).toHaveCount(0);
  await expect.poll(() => airings(page)).toBe(whole);
});
