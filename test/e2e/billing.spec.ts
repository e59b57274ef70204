import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ENTITLED_STATUSES } from '#shared/billing/available-products';
import type { UserSession } from '#shared/contracts/account-results.schema';
import type { SubscriptionsResult } from '#shared/contracts/billing.schema';
import type { ReportView } from '#shared/contracts/report.schema';
import { callApi } from '../../lib/local/route-calls';
import { newAdvertiser } from './support/account-helpers';
import { apiIdToken, logInWithForm } from './support/auth-helpers';
import { clientBehindPaywall, lockedInsights, shoot } from './support/billing-helpers';
import { verificationCode } from './support/mailbox';

/** Fills the add-billing form's phone, address and a card (name and e-mail come prefilled). */
async function fillCard(page: Page, number: string) {
  await page.getByLabel('Phone', { exact: true }).pressSequentially('5551234567');
  await page.getByLabel('Mailing address').fill('1 Engine Way');
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('State/province', { exact: true }).fill('IL');
  await page.getByLabel('Zip/Postal code', { exact: true }).fill('62701');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2029');
  await page.getByLabel('CVC').fill('123');
}

/**
 * Serious or critical WCAG 2 A/AA violations (axe-core) in the page, or in `include` (a CSS
 * selector) only, as readable lines.
 */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const axe = await (include ? builder.include(include) : builder).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens a client's report and waits until it is on screen. */
async function openReport(page: Page, client: string) {
  await page.goto(`/ss?client=${client}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Paid Three Bakery' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('kpi-tile').first()).toBeVisible();
}

test('a new user subscribes to Advertiser Insights, cancels, and is locked again after the paid month', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  // The cookie banner has its own test; here it would only cover the screenshots.
  await context.addCookies([{ name: 'ss_cookie_consent', value: '1', url: baseURL as string }]);
  const url = baseURL as string;
  const email = `billing-${Date.now()}@example.com`;
  const password = 'Owl12!pass';
  const started = new Date().toISOString();
  let stripeUrl = '';
  const stripeJs: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/setup_intents\/[^/]+\/confirm$/.test(r.url())) stripeUrl = new URL(r.url()).origin;
    if (/(^|\.)stripe\.com$/.test(new URL(r.url()).hostname)) stripeJs.push(r.url());
  });

  // Act: /plans -> Advertiser Insights on Individual Unlimited -> Continue.
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await shoot(page, 'billing-1-plans');
  const individual = page.getByRole('region', { name: 'Individual Unlimited' });
  await individual.getByRole('button', { name: 'Add Advertiser Insights' }).click();
  await expect(
    individual.getByRole('button', { name: 'Remove Advertiser Insights' }),
  ).toBeVisible();
  await individual.getByRole('button', { name: 'Continue' }).click();

  // Assert: the wizard, on its plan step.
  await expect(page).toHaveURL(/\/plans\/subscribe\?plan=individual&product=advertiser$/);
  const stepper = page.getByRole('navigation', { name: 'Subscription steps' });
  await expect(stepper.locator('[aria-current="step"]')).toContainText('Plan');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await shoot(page, 'billing-2-step-plan');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Act: register inside the wizard.
  await expect(page.getByRole('heading', { level: 2, name: 'Your account' })).toBeFocused();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Agency/).check();
  await page.getByLabel('Years of experience').fill('7');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I accept the/).check();
  await shoot(page, 'billing-3-step-account');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Act: the e-mailed code signs the new user in, still inside the wizard.
  await expect(
    page.getByText(`We've sent a 6-character code to ${email}.`, { exact: false }),
  ).toBeVisible();
  await page.getByLabel('Verification code').fill(await verificationCode(email, started));
  await shoot(page, 'billing-4-step-verify');
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Choose the organization' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/plans\/subscribe\?/);

  // Prepare: the new user has used both free reports, so a third client's report is locked.
  const token = await apiIdToken(request, { email, password });
  const client = await clientBehindPaywall(url, token);

  // Act: add an organisation and pick it.
  await page.getByRole('button', { name: 'Add an organization' }).click();
  await page.getByLabel('Organization name').fill('Hopper Media');
  await page.getByLabel('Organization e-mail').fill(email);
  await page.getByRole('button', { name: 'Add organization' }).click();
  await expect(page.getByRole('radio', { name: /Hopper Media/ })).toBeChecked();
  await shoot(page, 'billing-5-step-organization');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Act: a declined card first.
  await expect(page.getByRole('heading', { level: 2, name: 'Billing details' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Assert: Stripe's words, inline.
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await shoot(page, 'billing-6-card-declined');

  // Act: the test card that works.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shoot(page, 'billing-7-step-billing');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Act: confirm: Subscribe waits for the terms.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Confirm and subscribe' }),
  ).toBeFocused();
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toBeDisabled();
  await expect(page.getByRole('row', { name: /Due today/ })).toContainText('$399');
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await expect(subscribe).toBeEnabled();
  await shoot(page, 'billing-8-step-confirm');
  await subscribe.click();

  // Assert: subscribed.
  await expect(page.getByRole('heading', { level: 2, name: "You're subscribed" })).toBeVisible({
    timeout: 30_000,
  });
  await shoot(page, 'billing-9-success');
  expect(stripeUrl).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+$/);
  // The local card form talks to the stand-in only: Stripe.js is never fetched.
  expect(stripeJs).toEqual([]);

  // Assert: the locked client's Insights paywall is gone.
  await openReport(page, client);
  await expect(lockedInsights(page)).toHaveCount(0);

  // Act: cancel on the account page.
  await page.goto('/ss/account');
  const billing = page.getByRole('region', { name: 'Hopper Media' });
  await expect(billing.getByText('Individual Unlimited · Advertiser Insights')).toBeVisible();
  await expect(billing.getByText('Visa •••• 4242')).toBeVisible();
  expect(await seriousViolations(page, 'section[aria-labelledby="billing-title"]')).toEqual([]);
  await shoot(page, 'billing-10-panel');
  await billing.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();

  // Assert: it says when access ends, and the report stays unlocked until then.
  await expect(billing.getByText(/You keep access until \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  await expect(billing.getByText(/^Cancels on \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await shoot(page, 'billing-11-panel-canceled');
  await openReport(page, client);
  await expect(lockedInsights(page)).toHaveCount(0);

  // Act: a month passes on the Stripe stand-in's clock; the subscription ends.
  const advanced = await request.post(`${stripeUrl}/__local/advance`, {
    data: { seconds: 32 * 86_400 },
  });
  expect(advanced.ok()).toBe(true);

  // Assert: the paywall is back once the webhook has reached the billing copy (the entitling
  // subscriptions are read too, so a failure says which side lags).
  const entitled = async () => {
    const { subscriptions } = await callApi<SubscriptionsResult>(
      url,
      'get_subscriptions',
      {},
      token,
    );
    return subscriptions
      .filter((s) => (ENTITLED_STATUSES as readonly string[]).includes(s.status))
      .map((s) => `${s.plan}/${s.product}: ${s.status}`);
  };
  await expect
    .poll(
      async () => {
        const subscriptions = await entitled();
        await openReport(page, client);
        return { subscriptions, locked: await lockedInsights(page).count() };
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toEqual({ subscriptions: [], locked: 1 });
  await expect(
    lockedInsights(page).getByRole('link', { name: 'Unlock Advertiser Insights' }),
  ).toHaveAttribute('href', '/plans?product=advertiser');
  await lockedInsights(page).scrollIntoViewIfNeeded();
  await lockedInsights(page).screenshot({
    path: 'test-results/screenshots/billing-12-paywall-back.png',
  });
});

test('an invoice order is pending until its invoice is paid; a failed renewal shows the grace notice; past the free reports Creative and Foot traffic are locked', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  await context.addCookies([{ name: 'ss_cookie_consent', value: '1', url: baseURL as string }]);
  const url = baseURL as string;
  // Prepare: a new advertiser with an organisation of its own, so no subscription, invoice or
  // free report of another spec (or of an earlier run over the same data) is in the way; its
  // third bakery (with store visits) is past the free reports.
  const login = await newAdvertiser('invoice');
  const token = await apiIdToken(request, login);
  const orgName = login.organization;
  const client = await clientBehindPaywall(url, token, true);
  await logInWithForm(page, login);

  // Act: Industry Insights paid by invoice, through the wizard.
  await page.goto('/plans/subscribe?plan=individual&product=industry');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: new RegExp(orgName) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Billing details' })).toBeFocused();
  await page.getByRole('radio', { name: /^Invoice/ }).check();
  await page.getByLabel('Phone', { exact: true }).fill('555-123-4567');
  await page.getByLabel('Mailing address').fill('1 Engine Way');
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('State/province', { exact: true }).fill('IL');
  await page.getByLabel('Zip/Postal code', { exact: true }).fill('62701');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Assert: the confirm step says access waits for the payment, before Subscribe.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Confirm and subscribe' }),
  ).toBeFocused();
  await expect(
    page.getByText('Pending: access starts when the first invoice is paid.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Invoiced today, due in 30 days/ })).toContainText(
    '$99',
  );
  await shoot(page, 'billing-13-confirm-invoice');
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your order is pending' })).toBeVisible({
    timeout: 30_000,
  });
  await shoot(page, 'billing-14-order-pending');

  // Assert: the account page says so, and the API grants nothing yet.
  await page.goto('/ss/account');
  const billing = page.getByRole('region', { name: orgName, exact: true });
  await expect(
    billing.getByText('Pending: access starts when the first invoice is paid.'),
  ).toBeVisible();
  await expect(billing.getByText('Pending payment')).toBeVisible();
  await billing.scrollIntoViewIfNeeded();
  await billing.screenshot({ path: 'test-results/screenshots/billing-15-account-pending.png' });
  const session = await callApi<UserSession>(url, 'get_session', {}, token);
  expect(session.available_products.industry_insights_unlimited).toBe(false);

  // Assert: past the free reports, Creative, Foot traffic and the Pro Digital parts are withheld
  // by the API and locked on screen with Unlock.
  const view = await callApi<ReportView>(url, 'get_report', { client_uid: client }, token);
  expect(view.locked_sections).toEqual([
    'creatives',
    'foot_traffic',
    'website_impact',
    'detailed_digital_metrics',
  ]);
  expect(view.foot_traffic).toBeNull();
  expect(view.tables.creative).toEqual([]);
  await openReport(page, client);
  const foot = page.getByRole('region', { name: 'Foot traffic (locked)' });
  await expect(foot.getByRole('link', { name: 'Unlock Advertiser Insights' })).toHaveAttribute(
    'href',
    '/plans?product=advertiser',
  );
  await foot.scrollIntoViewIfNeeded();
  await foot.screenshot({ path: 'test-results/screenshots/billing-16-foot-traffic-locked.png' });
  await page.getByRole('tab', { name: 'Creative' }).click();
  const creative = page.getByRole('region', { name: 'Creative (locked)' });
  await expect(creative.getByRole('link', { name: /Creative alone, \$25\/month/ })).toBeVisible();
  await page.locator('section.breakdown').screenshot({
    path: 'test-results/screenshots/billing-17-creative-locked.png',
  });

  // Act: the customer pays the invoice (the stand-in's hosted invoice page).
  await page.goto('/ss/account');
  const invoiceLink = billing.getByRole('link', { name: /^View LOCAL-/ }).first();
  const invoiceUrl = (await invoiceLink.getAttribute('href')) as string;
  const stripeUrl = new URL(invoiceUrl).origin;
  await page.goto(invoiceUrl);
  await page.getByRole('button', { name: 'Mark as paid (local stand-in)' }).click();
  await expect(page.getByText('paid', { exact: true })).toBeVisible();

  // Assert: the signed invoice.paid webhook unlocks it.
  await expect
    .poll(
      async () =>
        (await callApi<UserSession>(url, 'get_session', {}, token)).available_products
          .industry_insights_unlimited,
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  await page.goto('/ss/account');
  await expect(billing.getByText('Active', { exact: true })).toBeVisible();
  await expect(billing.getByText(/^Pending:/)).toHaveCount(0);

  // Act: the card on file is one whose charges fail; a month passes on the stand-in's clock.
  await billing.getByRole('button', { name: 'Update billing' }).click();
  await billing.getByRole('radio', { name: /^Card/ }).check();
  await billing.getByLabel('Card number').fill('4000 0000 0000 0341');
  await billing.getByLabel('Expiry month').fill('12');
  await billing.getByLabel('Expiry year').fill('2029');
  await billing.getByLabel('CVC').fill('123');
  await billing.getByRole('button', { name: 'Save billing details' }).click();
  await expect(billing.getByText('Your billing details are saved.')).toBeVisible();
  const advanced = await request.post(`${stripeUrl}/__local/advance`, {
    data: { seconds: 32 * 86_400 },
  });
  expect(advanced.ok()).toBe(true);

  // Assert: past due, still entitled, and the account page says until when.
  await expect
    .poll(
      async () => {
        await page.goto('/ss/account');
        // The subscription arrives after the page: count the notice once it is on screen.
        await billing
          .getByText('Individual Unlimited · Industry Insights')
          .waitFor({ timeout: 15_000 });
        return billing
          .getByText(
            /^Payment failed: access ends on \d{2}\/\d{2}\/\d{4} unless the card is updated\.$/,
          )
          .count();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(1);
  expect(
    (await callApi<UserSession>(url, 'get_session', {}, token)).available_products
      .industry_insights_unlimited,
  ).toBe(true);
  await billing.scrollIntoViewIfNeeded();
  await billing.screenshot({ path: 'test-results/screenshots/billing-18-past-due-grace.png' });
});
