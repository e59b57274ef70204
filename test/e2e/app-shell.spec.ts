import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiIdToken, demoLogin, logInWithForm } from './support/auth-helpers';
import { smallClient } from './support/billing-helpers';
import { E2E_PORT } from './support/e2e-env';
import { readyDemoClient } from './support/report-helpers';

const SHOTS = 'test-results/screenshots';

/** Serious or critical WCAG 2 A/AA violations (axe-core) on the page, as lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the app shell: left menu, tasks and help panels by keyboard, a report run in the tasks panel, and weekly trends, on desktop and phone', async ({
  page,
  request,
}) => {
  // Prepare: the stack seeds the demo advertiser's first report after it starts listening.
  const login = demoLogin();
  const idToken = await apiIdToken(request, login);
  await expect
    .poll(() => readyDemoClient(request, idToken), { timeout: 180_000, intervals: [1_000] })
    .not.toBeNull();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInWithForm(page, login);
  await page
    .getByRole('region', { name: 'Welcome!' })
    .getByRole('button', { name: 'Accept' })
    .click();
  const app = page.locator('.app');

  // Act: open the left menu and the tasks panel.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Workspace' });
  await expect(menu.getByRole('link', { name: 'Weekly trends' })).toBeVisible();
  await expect(app).toHaveClass(/left-menu-open/);
  const tasksToggle = page.getByRole('button', { name: /^Tasks/ });
  await tasksToggle.click();

  // Assert: the panel pushes the body and has focus; a run shows there with its progress.
  const tasks = page.getByRole('complementary', { name: 'Tasks' });
  await expect(tasks.getByRole('heading', { name: 'Tasks' })).toBeFocused();
  await expect(app).toHaveClass(/pushed/);
  await expect(app).toHaveClass(/tasks-pushed/);
  // The demo and sample clients are read-only: import a small client of the rep's own and run its report.
  const own = { name: 'Shell Test Motors', client_uid: '' };
  own.client_uid = await smallClient(`http://127.0.0.1:${E2E_PORT}`, idToken, own.name, 17);
  await page.goto(`/ss?client=${own.client_uid}`);
  await page.getByRole('button', { name: /^Tasks/ }).click();
  await page.getByRole('button', { name: 'Run report' }).click();
  const job = tasks
    .getByRole('region', { name: 'Your jobs' })
    .getByRole('progressbar', { name: `Report: ${own.name}` });
  await expect(job).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/shell-desktop-tasks.png` });
  // It ends either way (complete with a link to the report, or failed with its reason).
  await expect(tasks.locator('li[data-state="running"]')).toHaveCount(0, { timeout: 180_000 });
  await page.screenshot({ path: `${SHOTS}/shell-desktop-tasks-done.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // Act: Escape closes the panel and focus returns to its toggle; the help panel opens next.
  await page.keyboard.press('Escape');
  await expect(tasks).toBeHidden();
  await expect(tasksToggle).toBeFocused();
  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('complementary', { name: 'Help' });
  await expect(help.getByLabel('Message')).toBeVisible();
  await expect(app).toHaveClass(/hidden-pushed/);
  await page.screenshot({ path: `${SHOTS}/shell-desktop-help.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');

  // Act: the weekly trends screen from the left menu.
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('link', { name: 'Weekly trends' }).click();
  await expect(page).toHaveURL(/\/ss\/trends$/);
  await expect(page.getByRole('heading', { name: 'Weekly trends' })).toBeVisible();
  await expect(page.getByLabel('Weeks')).toHaveValue('3');
  await expect(
    page.getByRole('table').or(page.getByRole('heading', { name: /No trends/ })),
  ).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/trends-desktop.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Act: the account page shows the trophy earned by the report run above (bronze).
  await page.goto('/ss/account');
  const trophy = page.getByRole('region', { name: 'Your trophy' });
  await expect(trophy.getByRole('heading', { name: 'Bronze trophy' })).toBeVisible();
  await expect(trophy).toContainText('Silver needs');
  await page.screenshot({ path: `${SHOTS}/account-trophy-desktop.png`, fullPage: true });
  await page.goto('/ss/trends');
  await expect(page.getByRole('heading', { name: 'Weekly trends' })).toBeVisible();

  // Act: on a phone, the tasks panel is a full-screen sheet and the menu a drawer.
  // The left menu opened on the first screen is still open here (kept for the tab): close it.
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing wider than the phone: the trends table scrolls inside its card.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/trends-phone.png`, fullPage: true });
  await page.getByRole('button', { name: /^Tasks/ }).click();
  const sheet = page.getByRole('complementary', { name: 'Tasks' });
  const box = await sheet.boundingBox();
  expect(box?.width).toBeCloseTo(390, 0);
  await page.screenshot({ path: `${SHOTS}/shell-phone-tasks.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shell-phone-menu.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});
