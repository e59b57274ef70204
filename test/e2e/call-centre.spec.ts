import { readdir, readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { agentLogin, demoLogin, type Login } from './support/auth-helpers';
import { shoot } from './support/billing-helpers';
import { E2E_LOCAL_DIR } from './support/e2e-env';
import { mailsTo } from './support/mailbox';
import {
  newLocalMember,
  passAuthenticatorStep,
  signInStraightFromPool,
} from './support/mfa-helpers';

/** Where the local stack hands ended calls to the CRM (`<LOCAL_DIR>/crm-outbox`). */
const CRM_DIR = `${E2E_LOCAL_DIR}/crm-outbox`;

/** Serious or critical WCAG 2 A/AA violations (axe-core) on the page. */
async function violations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

/** The Sign-up accordion section's summary (a <details> section of the advertiser panel). */
const signupSection = (page: Page) => page.locator('summary', { hasText: /^Sign-up$/ });

/**
 * Signs in through the call centre's own Username/Password box; an agent then gives the code of
 * its authenticator app (set up on its first sign-in).
 */
async function signIn(page: Page, login: Login, authenticator = false) {
  await page.goto('/call-centre');
  await page.getByLabel('E-mail or username').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (authenticator) await passAuthenticatorStep(page, login.email);
}

/** The CRM hand-offs saved so far (one JSON file each). */
async function handoffs(): Promise<Array<Record<string, unknown>>> {
  const names = await readdir(CRM_DIR).catch(() => [] as string[]);
  return Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .map(async (n) => JSON.parse(await readFile(`${CRM_DIR}/${n}`, 'utf8'))),
  );
}

test('a customer account cannot use the call centre', async ({ page }) => {
  await signIn(page, demoLogin());

  // The screen's first call (the follow-ups due) is refused: it says so at once.
  await expect(page.getByText('This account is not a call-centre agent.')).toBeVisible({
    timeout: 15_000,
  });
});

test('an agent who took tokens straight from the user pool is told to add an authenticator app', async ({
  page,
  baseURL,
}) => {
  // Prepare: a new agent who never set one up signs in on the pool's public client.
  const agent = await newLocalMember('agent');
  await signInStraightFromPool(page, baseURL ?? '', agent);

  await page.goto('/call-centre');

  // The call-centre routes answer 403 mfa_required: the screen says what to do about it.
  await expect(page.getByText(MFA_MESSAGES.required)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Authenticator app needed' })).toBeVisible();
  await expect(page.getByText('This account is not a call-centre agent.')).toHaveCount(0);
  await shoot(page, 'call-centre-mfa-required');
});

test('an agent finds an advertiser, records the contact, signs it up and ends the call', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Prepare: sign in; the call list is seeded at first start (poll the search until it answers).
  await signIn(page, agentLogin(), true);
  const search = page.getByRole('searchbox', { name: /Find an advertiser/ });
  await expect(search).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      async () => {
        await search.fill('');
        await search.fill('a');
        return page
          .getByRole('button', { name: /^View / })
          .first()
          .isVisible({ timeout: 4_000 })
          .catch(() => false);
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);

  // Act 1: open the first advertiser not called yet; its name goes in the address
  const row = page.getByRole('row').filter({ hasText: 'New Call' }).first();
  const name = (await row.getByRole('button', { name: /^View / }).getAttribute('aria-label'))
    ?.replace(/^View /, '')
    .trim();
  await row.getByRole('button', { name: /^View / }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page).toHaveURL(/\/call-centre\?uid=/);
  const record = page.url();

  // Act 2: the contact's details save by themselves after a pause; the phone is masked
  const email = `owner+${Date.now()}@example.com`;
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).pressSequentially('5551234567');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(555) 123-4567');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto(record);

  // Assert 2: still there after a reload
  await expect(page.getByLabel('First name')).toHaveValue('Pat', { timeout: 15_000 });
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(555) 123-4567');
  expect(await violations(page)).toEqual([]);
  await shoot(page, 'call-centre-record');

  // Act 3: sign up for two regions, billed by invoice
  await signupSection(page).click();
  await page.getByRole('radio', { name: 'Invoice' }).check();
  await page.getByLabel('Billing name').fill('Pat Owner');
  await page.getByLabel('Billing address', { exact: true }).fill('1 Main St');
  await page.getByLabel('Billing city').fill('Tampa');
  await page.getByLabel('Billing state').fill('FL');
  await page.getByLabel('Billing zip').fill('33602');
  await page.getByRole('button', { name: /^Regions/ }).click();
  const options = page.getByRole('option');
  await options.nth(0).click();
  await options.nth(1).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Ad report e-mail', { exact: true }).fill(email);
  await expect(page.getByText('$199.98')).toBeVisible();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  // Assert 3: the celebration, the subscriber status, no sign-up section, a confirmation e-mail
  await expect(page.getByText('NICE JOB!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('DONE - Subscriber').first()).toBeVisible();
  await expect(signupSection(page)).toHaveCount(0);
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 15_000 })
    .toContainEqual(expect.stringContaining('Your AnalyticOwl sign-up'));
  await page.getByText('NICE JOB!').waitFor({ state: 'hidden', timeout: 10_000 });

  // Act 4: end the call
  const before = (await handoffs()).length;
  await page.getByRole('button', { name: 'End call' }).click();

  // Assert 4: back to an empty search, and the CRM got the call with its outcome
  await expect(page).toHaveURL(/\/call-centre$/);
  await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
  await expect.poll(async () => (await handoffs()).length, { timeout: 15_000 }).toBe(before + 1);
  const sent = (await handoffs()).find((h) => h.advertiser === name);
  expect(sent).toMatchObject({
    advertiser: name,
    status_text: 'DONE - Subscriber',
    outcome: { signed_up: true, signup_price_cents: 19_998 },
    advertiser_info: { first_name: 'Pat', email, phone: '(555) 123-4567' },
  });
  expect(JSON.stringify(sent)).not.toMatch(/card|cvc/i);
});
