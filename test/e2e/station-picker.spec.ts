import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const SHOTS = 'test-results/screenshots';

test('a media rep picks markets and a primary station from the station list when registering', async ({
  page,
  request,
}) => {
  // Prepare: the station list is seeded from the data folder on start (empty without it).
  const probe = await request.get('/ss_rest/global_stations?id=tv%3AWPVI');
  const loaded = ((await probe.json()).result.total as number) > 0;
  const email = `e2e-rep-${Date.now()}@example.com`;

  // Act: the registration form as a rep.
  await page.goto('/register');
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Media rep or station/).check();
  await page.getByLabel('Filter markets').fill('Philadelphia');
  await page
    .getByRole('checkbox', { name: /Philadelphia/ })
    .first()
    .check();
  await page.getByLabel('Primary broadcast type').selectOption('tv');
  const picker = page.getByRole('combobox', { name: 'Primary station' });
  if (!loaded) {
    // Assert: without a list the picker says so and nothing can be typed in.
    await expect(picker).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/station-picker-empty.png`, fullPage: true });
    return;
  }
  await picker.fill('wpvi-tv');
  const option = page.getByRole('option', { name: /^WPVI · Philadelphia, PA/ });
  await expect(option).toBeVisible();
  await expect(page.getByText('Page 1 of 1 · 1 station', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/station-picker-open.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await option.click();
  await page.getByLabel('Years of experience').fill('5');
  await page.getByLabel('Password', { exact: true }).fill('Owl12!pass');
  await page.getByLabel('Confirm password').fill('Owl12!pass');
  await page.getByLabel(/I accept the/).check();
  await page.screenshot({ path: `${SHOTS}/station-picker-chosen.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();

  // Assert: the choice shows as the station's label, the page is axe clean, the account is made.
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await expect(page).toHaveURL(/\/verify-email\?email=/);
});
