import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { TopTenSummaries } from '#shared/contracts/ratings.schema';
import { apiIdToken } from './support/auth-helpers';
import { verificationCode } from './support/mailbox';

const SHOTS = 'test-results/screenshots';

/** Serious or critical WCAG 2 A/AA violations (axe-core) on the page, as lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Calls a route through the route table, as the browser does (spec §7). */
async function callRoute<T>(
  request: APIRequestContext,
  name: string,
  data: Record<string, unknown>,
  idToken?: string,
): Promise<T | null> {
  const routes = (await (await request.get('/ss_rest/routes')).json()).result as Record<
    string,
    { method: string; path: string }
  >;
  const route = routes[name];
  if (!route) return null;
  const response = await request.fetch(route.path, {
    method: route.method,
    data,
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
  });
  return response.ok() ? (((await response.json()).result ?? null) as T | null) : null;
}

/** A market with a published all-formats, all-day top ten (the stack seeds sample ratings). */
async function ratedMarket(request: APIRequestContext) {
  let found: { code: string; name: string; station: string } | null = null;
  await expect
    .poll(
      async () => {
        const top = await callRoute<TopTenSummaries>(request, 'nowl_top_ten_summaries', {
          format: 'all',
          daypart: 'all',
        });
        const list = top?.lists.find((l) => l.rows.length > 0);
        found = list
          ? { code: list.market, name: list.market_name, station: list.rows[0]?.label ?? '' }
          : null;
        return found;
      },
      { message: 'a market with sample ratings', timeout: 240_000, intervals: [2_000] },
    )
    .not.toBeNull();
  return found as unknown as { code: string; name: string; station: string };
}

/** Picks `option` in one of the lookup form's dropdowns (search box, then the option). */
async function pick(page: Page, label: string, search: string, option: string | RegExp) {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('combobox', { name: `Search ${label}` }).fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test('the home lookup opens a public preview whose sign-up creates the looked-up advertiser after verification', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const market = await ratedMarket(request);
  const host = `joes-bar-${Date.now()}.example.com`;
  const email = `preview-${Date.now()}@example.com`;
  const password = 'Owl12!pass';
  const started = new Date().toISOString();

  // Act: the home page's lookup: advertiser, website, industry, market, terms.
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Welcome!' })
    .getByRole('button', { name: 'Accept' })
    .click();
  const lookup = page.getByRole('form', { name: 'See what your airings brought in' });
  await lookup.getByRole('radio', { name: 'Advertiser' }).check();
  await lookup.getByRole('textbox', { name: 'Website' }).fill(`https://${host}/`);
  await pick(page, 'Industry', 'Furniture', /^Furniture\b/);
  await pick(page, 'Market', market.name, market.name);
  await lookup.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await lookup.getByRole('button', { name: 'Look up my site' }).click();

  // Assert: the preview (not the login page), its ratings sample-marked, and a prefilled sign-up.
  await expect(page).toHaveURL(
    new RegExp(
      `/ss/\\?type=self&url=${host.replace(/\./g, '\\.')}&industry=\\d+&market=${market.code}$`,
    ),
  );
  await expect(page.getByRole('heading', { name: `Response ratings for ${host}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your industry' })).toContainText('Furniture');
  const top = page.getByRole('region', { name: `Top stations in ${market.name}` });
  await expect(top.getByRole('rowheader', { name: market.station })).toBeVisible({
    timeout: 30_000,
  });
  await expect(top.getByTestId('sample-ratings')).toContainText('Sample ratings');
  const cohort = page.getByRole('region', { name: /advertisers respond/ });
  await expect(cohort.getByRole('link', { name: 'Unlock Industry Insights' })).toBeVisible();
  const signup = page.getByRole('form', { name: 'Sign up' });
  await expect(signup.getByLabel('Website')).toHaveValue(host);
  await expect(signup).toContainText(`Once you verify your e-mail, ${host} is added`);
  await page.screenshot({ path: `${SHOTS}/landing-preview.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Act: sign up from the preview.
  await signup.getByLabel('First name').fill('Joe');
  await signup.getByLabel('Last name').fill('Barman');
  await signup.getByLabel('E-mail address').fill(email);
  await signup.getByLabel('Company').fill('Joe’s Bar');
  await signup.getByLabel('Years of experience').fill('6');
  await signup.getByLabel('Password', { exact: true }).fill(password);
  await signup.getByLabel('Confirm password').fill(password);
  await signup.getByLabel(/I accept the/).check();
  await signup.getByRole('button', { name: 'Create account' }).click();

  // Act: verify with the mailed code.
  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await page.getByLabel('Verification code').fill(await verificationCode(email, started));
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
  await expect(page.getByText('E-mail verified. Please log in.')).toBeVisible();

  // Assert: the new account has that client, with the website, industry and market.
  const idToken = await apiIdToken(request, { email, password });
  const listed = await callRoute<{ clients: { client_uid: string; name: string }[] }>(
    request,
    'fetch_companies',
    { all_clients: true },
    idToken,
  );
  const clients = (listed?.clients ?? []).filter((c) => c.name === host);
  expect(clients).toHaveLength(1);
  const info = await callRoute<{
    client_info: { website: string; industry_id: string | null; market?: string | null };
  }>(request, 'fetch_client_info', { client_uid: clients[0]?.client_uid }, idToken);
  expect(info?.client_info).toMatchObject({ website: host, market: market.code });
  expect(info?.client_info.industry_id).toMatch(/^\d+$/);

  // Act: signed in, the same lookup offers to add the advertiser instead of a sign-up.
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The verification's client opens in the report screen.
  await expect(page).toHaveURL(new RegExp(`/ss\\?client=${clients[0]?.client_uid}`));
  await page.goto(`/ss/?type=self&url=other-${host}&market=${market.code}&industry=nope`);

  // Assert: the Add button, the note about the unknown industry, no sign-up.
  await expect(
    page.getByText('We do not know the industry “nope”, so all industries are shown.'),
  ).toBeVisible();
  const add = page.getByRole('button', { name: `Add other-${host} as an advertiser` });
  await expect(add).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign up' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/landing-preview-signed-in.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await add.click();
  await expect(page).toHaveURL(/\/ss\?client=/);
});
