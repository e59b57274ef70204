import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { demoLogin, type Login } from './support/auth-helpers';
import { shoot } from './support/billing-helpers';
import { newLocalMember, totpNow, wrongTotp } from './support/mfa-helpers';

/** Serious or critical WCAG 2 A/AA violations (axe-core) on the page. */
async function violations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

/** Fills the password form of /login (already open) and sends it. */
async function sendPassword(page: Page, login: Login) {
  await page.getByLabel('E-mail or username').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Closes the cookie notice when it shows, so a screenshot shows the whole form. */
async function closeCookieNotice(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible()) await accept.click();
}

test('a next that browsers would turn into another site lands on /ss after login', async ({
  page,
  baseURL,
}) => {
  // A tab inside the path: browsers drop it, so "/\t/evil.example" would be "//evil.example".
  await page.goto('/login?next=/%09/evil.example');

  await sendPassword(page, demoLogin());

  await expect(page).toHaveURL(`${baseURL}/ss`);
});

test('a new agent adds an authenticator on first sign-in, then signs in with its code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agent = await newLocalMember('agent');
  await page.goto('/login?next=%2Fcall-centre');

  // First sign-in: the setup screen, no tokens yet.
  await sendPassword(page, agent);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code that adds AnalyticOwl/ })).toBeVisible();
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(await violations(page)).toEqual([]);
  await closeCookieNotice(page);
  await shoot(page, 'mfa-setup');
  const secret = ((await page.locator('.mfa-step__key').textContent()) ?? '').replace(/\s+/g, '');
  const tokensKept = () =>
    page.evaluate(() =>
      [...Object.keys(localStorage), ...Object.keys(sessionStorage)].some((k) =>
        k.startsWith('CognitoIdentityServiceProvider'),
      ),
    );
  expect(await tokensKept()).toBe(false);

  // A wrong code says so; the right one turns the authenticator on and signs in.
  await code.fill(wrongTotp(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(MFA_MESSAGES.wrongCode);
  await code.fill(totpNow(secret));
  await page.getByRole('button', { name: 'Turn on and log in' }).click();
  await expect(page.getByRole('searchbox', { name: /Find an advertiser/ })).toBeVisible({
    timeout: 15_000,
  });

  // Next sign-in (a new browser session): the password leads to the code screen.
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/login?next=%2Fcall-centre');
  await sendPassword(page, agent);
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await closeCookieNotice(page);
  await shoot(page, 'mfa-challenge');
  await page.getByLabel('6-digit code').fill(totpNow(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: /Find an advertiser/ })).toBeVisible({
    timeout: 15_000,
  });
});
