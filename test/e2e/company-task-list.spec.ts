import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { CompaniesPage } from '#shared/contracts/companies.schema';
import { apiIdToken, demoLogin, logInWithForm } from './support/auth-helpers';
import { shoot, smallClient } from './support/billing-helpers';

/**
 * The company task list (/ss/clients) walked as a rep with about 25 clients: filter, sort, page,
 * favourite, expand a breakdown, create a client, merge a duplicate, add a store location with
 * opening hours, then the shell's tasks panel and the weekly trends view. Each part is one test.step, so a part whose screen is
 * missing can be added as one more step.
 */

/** How many clients the walk wants the demo user to have (spec: a rep with 25 clients). */
const CLIENTS = 25;

/** Calls a private route by name through the route table, as the browser does. */
async function api<T>(
  request: APIRequestContext,
  token: string,
  name: string,
  input: Record<string, unknown>,
): Promise<T> {
  const routes = (await (await request.get('/ss_rest/routes')).json()).result as Record<
    string,
    { method: string; path: string }
  >;
  const route = routes[name];
  if (!route) throw new Error(`no route ${name}`);
  const response = await request.fetch(route.path, {
    method: route.method,
    headers: { authorization: `Bearer ${token}` },
    data: input,
  });
  const body = await response.json();
  if (!body.success) throw new Error(`${name}: ${response.status()} ${JSON.stringify(body)}`);
  return body.result as T;
}

/** Every client the user sees, counted by the server. */
async function totalClients(request: APIRequestContext, token: string): Promise<number> {
  const out = await api<CompaniesPage>(request, token, 'fetch_companies', {
    filters: { all: true },
  });
  return out.total_clients;
}

/**
 * Tops the demo user up to {@link CLIENTS} clients with company_save, for a stack whose first
 * start does not seed them (the seed, when present, makes this a no-op).
 */
async function ensureClients(request: APIRequestContext, token: string): Promise<void> {
  const have = await totalClients(request, token);
  const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
  for (let i = have; i < CLIENTS; i += 1)
    await api(request, token, 'company_save', {
      name: `Walk client ${String(i + 1).padStart(2, '0')}`,
      website: `walk-client-${i + 1}.example.com`,
      postlog_timezone: zones[i % zones.length],
      tags: i % 3 === 0 ? ['spring'] : [],
    });
}

/** Serious or critical WCAG 2 A/AA violations (axe-core) on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const table = (page: Page) => page.getByRole('table', { name: 'Clients', exact: true });
/** The client names of the table's rows, in order (each row's star is labelled with it). */
const names = async (page: Page) =>
  (
    await table(page)
      .getByRole('button', { name: /^Favourite / })
      .evaluateAll((stars) => stars.map((s) => s.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Favourite /, ''));
const range = (page: Page) => page.getByRole('navigation', { name: 'Pages of clients' });

async function applyFilters(page: Page, choose: (panel: Locator) => Promise<void>) {
  const panel = page.getByRole('form', { name: 'Client filters' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Filters' }).click();
  await expect(panel).toBeVisible();
  await choose(panel);
  await panel.getByRole('button', { name: 'Apply' }).click();
}

test('a rep works through their clients on the task list', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(420_000);
  // Prepare: the demo user with about 25 clients; the cookie banner has its own test (here it
  // would only cover the screenshots).
  await context.addCookies([{ name: 'ss_cookie_consent', value: '1', url: baseURL as string }]);
  const login = demoLogin();
  const token = await apiIdToken(request, login);
  const started = Date.now();
  // One client with a post-log and visits, whose report the walk runs from the tasks step.
  const bakery = await smallClient(baseURL as string, token, 'Walk Bakery', 7310);
  await ensureClients(request, token);
  console.log(`clients ready in ${Date.now() - started} ms`);
  const total = await totalClients(request, token);
  expect(total).toBeGreaterThanOrEqual(CLIENTS);

  await logInWithForm(page, login, '/ss/clients');
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('sees the first page of ten with the range', async () => {
    await expect(table(page)).toBeVisible({ timeout: 30_000 });
    await expect(table(page).locator('tbody > tr')).toHaveCount(10);
    await expect(range(page)).toContainText(`1-10 of ${total}`);
  });

  await test.step('sorts by client name, both ways, on the server', async () => {
    await table(page)
      .getByRole('button', { name: /^Client/ })
      .click();
    await expect(page).toHaveURL(/sort=client_name\.asc/);
    await expect(table(page).getByRole('columnheader', { name: /^Client/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // The previous rows stay on screen while the server answers: wait for the new order.
    await expect
      .poll(async () => {
        const shown = await names(page);
        return shown.join('|') === [...shown].sort((a, b) => a.localeCompare(b)).join('|');
      })
      .toBe(true);
    const ascending = await names(page);
    await table(page)
      .getByRole('button', { name: /^Client/ })
      .click();
    await expect(page).toHaveURL(/sort=client_name\.desc/);
    await expect(table(page).getByRole('columnheader', { name: /^Client/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect
      .poll(async () => {
        const shown = await names(page);
        return shown.join('|') === [...shown].sort((a, b) => b.localeCompare(a)).join('|');
      })
      .toBe(true);
    expect((await names(page))[0]).not.toBe(ascending[0]);
  });

  await test.step('pages forward and back, and the URL keeps the page', async () => {
    const firstPage = await names(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range(page)).toContainText(`11-20 of ${total}`);
    await expect(page).toHaveURL(/page=2/);
    expect(await names(page)).not.toEqual(firstPage);
    await page.reload();
    await expect(range(page)).toContainText(`11-20 of ${total}`);
    await page.goBack();
    await expect(range(page)).toContainText(`1-10 of ${total}`);
  });

  let starred = '';
  await test.step('favourites a client and filters to favourites only', async () => {
    const before = await api<CompaniesPage>(request, token, 'fetch_companies', {
      filters: { all: true, favorites: true },
    });
    const favourites = before.total_clients + 1;
    const star = table(page)
      .locator('button[aria-pressed="false"][aria-label^="Favourite "]')
      .first();
    starred = ((await star.getAttribute('aria-label')) ?? '').replace('Favourite ', '');
    await star.click();
    const starNow = table(page).getByRole('button', { name: `Favourite ${starred}`, exact: true });
    await expect(starNow).toHaveAttribute('aria-pressed', 'true');
    await applyFilters(page, (panel) =>
      panel.getByRole('radio', { name: 'Only favourites' }).check(),
    );
    await expect(range(page)).toContainText(`1-${favourites} of ${favourites}`);
    expect(await names(page)).toContain(starred);
    await page.reload();
    await expect(range(page)).toContainText(`1-${favourites} of ${favourites}`);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'company-task-list-1-favourites-filter');
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('form', { name: 'Client filters' });
    await expect(panel.getByRole('radio', { name: 'Only favourites' })).toBeChecked();
    await shoot(page, 'company-task-list-1-filter-panel');
    await panel.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(range(page)).toContainText(`1-10 of ${total}`);
    await page.keyboard.press('Escape');
  });

  await test.step('expands a row to its breakdown', async () => {
    const toggle = table(page)
      .getByRole('button', { name: /^Breakdown of / })
      .first();
    const name = ((await toggle.getAttribute('aria-label')) ?? '').replace('Breakdown of ', '');
    await toggle.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = page.getByRole('region', { name: `Breakdown of ${name}` });
    await expect(region).toBeVisible();
    await expect(region).toContainText('Airings');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'company-task-list-2-breakdown');
    await toggle.press('Enter');
    await expect(region).toBeHidden();
  });

  await test.step('creates a client and its duplicate, then merges the duplicate', async () => {
    const create = async (name: string) => {
      await page.getByRole('button', { name: 'Create client' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create client' });
      await dialog.getByLabel('Client name').fill(name);
      await dialog.getByLabel('Website').fill('dup-motors.example.com');
      await dialog.getByLabel('Post-log time zone').selectOption('America/Chicago');
      await dialog.getByLabel('Tags').fill('walk, dup');
      await dialog.getByRole('button', { name: 'Create client' }).click();
      await expect(page.getByText(`${name} is created.`)).toBeVisible();
    };
    await create('Dup Motors');
    await create('Dup Motors copy');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('Dup Motors');
    await expect(range(page)).toContainText('1-2 of 2');

    await page.getByRole('button', { name: 'Merge duplicates' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge a duplicate client' });
    await merge.getByLabel('Duplicate (removed)').selectOption({ label: 'Dup Motors copy' });
    await merge.getByLabel('Client to keep').selectOption({ label: 'Dup Motors' });
    await merge.getByRole('button', { name: 'Next' }).click();
    const confirm = page.getByRole('dialog', { name: 'Merge these clients?' });
    await expect(confirm).toContainText('Dup Motors copy is gone afterwards.');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'company-task-list-3-merge-confirm');
    await confirm.getByRole('button', { name: 'Merge into Dup Motors' }).click();
    await expect(page.getByRole('dialog', { name: 'Clients merged' })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(range(page)).toContainText('1-1 of 1');
    expect(await names(page)).toEqual(['Dup Motors']);
  });

  await test.step('adds a store location with opening hours from the Locations cell', async () => {
    await table(page)
      .getByRole('button', { name: /^Store locations of Dup Motors: / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Store locations: Dup Motors' });
    await dialog.getByRole('button', { name: 'Add a store that is not in the data' }).click();
    await dialog.getByLabel('Store id').fill('DM-001');
    await dialog.getByLabel('Store name').fill('Dup Motors Downtown');
    await dialog.getByLabel('Address').fill('1 Main St, Chicago, IL');
    await dialog.getByRole('button', { name: 'Add store' }).click();
    const stores = dialog.getByRole('table', { name: 'Store locations' });
    await expect(stores).toContainText('Dup Motors Downtown');
    await dialog.getByRole('button', { name: 'Opening hours of Dup Motors Downtown' }).click();
    await dialog.getByLabel('Open all hours (every store visit counts)').uncheck();
    await dialog.getByLabel('Monday closes at').fill('18:00');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await expect(stores).toContainText('Mon 09:00–18:00');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'company-task-list-4-locations');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(
      table(page).getByRole('button', { name: 'Store locations of Dup Motors: 1' }),
    ).toBeVisible();
  });

  await test.step('watches a report run in the tasks panel', async () => {
    await page.goto(`/ss?client=${bakery}`);
    await page.getByRole('button', { name: 'Run report' }).click();
    await page.getByRole('button', { name: /^Tasks/ }).click();
    const jobs = page.getByRole('region', { name: 'Your jobs' });
    const bar = jobs.getByRole('progressbar', { name: 'Report: Walk Bakery' }).first();
    await expect(bar).toBeVisible({ timeout: 60_000 });
    await shoot(page, 'company-task-list-5-tasks-panel');
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 180_000 });
    await page.keyboard.press('Escape');
  });

  await test.step('opens the weekly trends view from the left menu', async () => {
    await page
      .getByRole('navigation', { name: 'Primary' })
      .getByRole('link', { name: 'Weekly trends' })
      .click();
    await expect(page).toHaveURL(/\/ss\/trends/);
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly trends' })).toBeVisible();
    await shoot(page, 'company-task-list-6-weekly-trends');
  });
});
