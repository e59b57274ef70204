import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { mailsTo, verificationCode } from './support/mailbox';

const SHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Screenshots of the whole page on a desktop and on a phone, then back to the desktop. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/signup-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/signup-${name}-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Serious or critical WCAG 2 A/AA violations on the page (axe-core), as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The ID token Amplify stored after sign-in ("stay logged in": localStorage), or null. */
function storedIdToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
}

test('a station owner signs up in five short steps and lands on the subscribe wizard, signed in', async ({
  page,
  request,
}) => {
  // Prepare: remember every address the app moves through (the wizard may add its own query).
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame())
      visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  const email = `signup-${Date.now()}@example.com`;
  const password = 'Owl12!pass';
  const started = new Date().toISOString();

  // Act: step 1, the role.
  await page.goto('/get-started');
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await expect(page).toHaveTitle('Get Started | AnalyticOwl');
  await page.getByRole('button', { name: 'Accept' }).click();
  await shoot(page, '1-role');
  await page.getByRole('radio', { name: /^Station owner/ }).check();

  // Act: step 2, the plan type.
  await expect(page.getByRole('heading', { name: /What would you like to see/ })).toBeFocused();
  await page.getByRole('radio', { name: /^Industry Insights/ }).check();

  // Act: step 3, the plan: prices from the price table.
  const individual = page.locator('.signup-plan', { hasText: 'Individual Unlimited' });
  await expect(individual).toContainText('$99');
  await expect(individual).toContainText('/month');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, '2-plans');
  await page.getByRole('button', { name: 'Choose Individual Starter' }).click();
  await expect(page.getByText('Individual Starter · Industry Insights')).toBeVisible();

  // Act: step 4, the e-mail (typed with spaces and capitals) and the code from the mailbox.
  await page.getByLabel('E-mail address').fill(`  ${email.toUpperCase()} `);
  await shoot(page, '3-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeField = page.getByLabel('Verification code');
  await expect(codeField).toBeVisible();
  await expect(codeField).toBeFocused();
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  const code = await verificationCode(email, started);
  expect(code).toMatch(/^[0-9A-Za-z]{6}$/);
  await codeField.pressSequentially(code.slice(0, 5));
  await shoot(page, '4-code');
  await codeField.press(code.slice(5));

  // Act: step 5, the profile.
  await expect(page.getByText(`${email} is confirmed.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: /About you/ })).toBeFocused();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I accept the/).check();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, '5-profile');
  await page.getByRole('button', { name: 'Create account and continue' }).click();

  // Assert: handed over to the subscribe wizard with the plan and product.
  const handoff = '/plans/subscribe?plan=paygo&product=industry';
  await expect.poll(() => visited).toContain(handoff);
  await expect(page).toHaveURL(/\/plans\/subscribe\?plan=paygo&product=industry/);
  await shoot(page, '6-subscribe');

  // Assert: signed in as the new, verified station owner; no second verification mail.
  const idToken = await storedIdToken(page);
  expect(idToken).not.toBeNull();
  const session = await request.get('/ss_rest/get_session', {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(session.status()).toBe(200);
  expect((await session.json()).result).toMatchObject({
    primary_email: email,
    first_name: 'Ada',
    user_type: 'station_owner',
    email_verified: true,
  });
  expect(await mailsTo(email)).toHaveLength(1);
});
