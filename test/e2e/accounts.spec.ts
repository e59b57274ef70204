import { expect, test } from '@playwright/test';
import { apiIdToken, demoLogin, logInWithForm, logOutWithMenu } from './support/auth-helpers';
import { resetLinkPath, verificationCode } from './support/mailbox';
import { readyDemoClient } from './support/report-helpers';

const SHOTS = 'test-results/screenshots';

test('a new advertiser registers, verifies, logs in and out, and resets a forgotten password', async ({
  page,
  request,
}) => {
  // Prepare: the stack seeds the demo advertiser's first report after it starts listening.
  const demoToken = await apiIdToken(request, demoLogin());
  await expect
    .poll(() => readyDemoClient(request, demoToken), { timeout: 180_000, intervals: [1_000] })
    .not.toBeNull();
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'Owl12!pass';
  const newPassword = 'Owl34#pass';
  const started = new Date().toISOString();

  // Act: from /login to the registration form.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/accounts-login.png`, fullPage: true });
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // Act: fill in the form as an advertiser.
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone (optional)').pressSequentially('5551234567');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('555-123-4567');
  await page.getByLabel(/^Advertiser/).check();
  // The industries route lists the IAB taxonomy; without loaded data the form asks for an id.
  const industry = page.getByLabel(/^Industry( id)?$/);
  await expect(industry).toBeEnabled();
  if ((await industry.evaluate((el) => el.tagName)) === 'SELECT')
    await industry.selectOption({ index: 1 });
  else await industry.fill('1');
  await page.getByLabel('Company').fill('Analytical Engines Ltd');
  await page.getByLabel('Website').fill('engines.example.com');
  await page.getByLabel('Years of experience').fill('5');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I accept the/).check();
  await page.screenshot({ path: `${SHOTS}/accounts-register.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();

  // Assert: the verify page says where the code went.
  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await expect(page.getByText(`We've sent a 6-character code to ${email}.`)).toBeVisible();

  // Act: type the code from the e-mail.
  const code = await verificationCode(email, started);
  await page.getByLabel('Verification code').fill(code);
  await page.screenshot({ path: `${SHOTS}/accounts-verify.png`, fullPage: true });
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
  await expect(page.getByText('E-mail verified. Please log in.')).toBeVisible();

  // Act: log in from the verified page (the e-mail is pre-filled).
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByLabel('E-mail or username')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Assert: the report page with the demo client's sample data, and the user menu.
  await expect(page).toHaveURL(/\/ss(\?.*)?$/);
  await expect(page.getByTestId('sample-watermark')).toHaveText('SAMPLE DATA', {
    timeout: 60_000,
  });
  await expect(page.locator('.user-menu__button')).toContainText('Ada Lovelace');

  // Act: the account page from the user menu.
  await page.locator('.user-menu__button').click();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Company')).toHaveValue('Analytical Engines Ltd');
  await expect(page.getByText('Analytical Engines Ltd', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/accounts-account.png`, fullPage: true });

  // Act: log out; the report page is closed again.
  await logOutWithMenu(page);
  await page.goto('/ss');
  await expect(page).toHaveURL(/\/login\?next=%2Fss$/);

  // Act: forgot password -> the reset link from the mailbox.
  const resetAsked = new Date().toISOString();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password Reset. Please check your email.')).toBeVisible();
  const resetPath = await resetLinkPath(email, resetAsked);
  await page.goto(resetPath);
  // The single-use token leaves the address bar (and the history) as soon as the page reads it.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.screenshot({ path: `${SHOTS}/accounts-reset.png`, fullPage: true });
  await page.getByRole('button', { name: 'Set password and log in' }).click();

  // Assert: straight into the report page.
  await expect(page).toHaveURL(/\/ss(\?.*)?$/);
  await expect(page.locator('.user-menu__button')).toBeVisible();
  await logOutWithMenu(page);

  // Assert: the old password is refused, the new one works.
  await page.getByLabel('E-mail or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('E-mail or username')).toHaveAttribute('aria-invalid', 'true');
  await logInWithForm(page, { email, password: newPassword });
  await expect(page.locator('.user-menu__button')).toContainText('Ada Lovelace');
});
