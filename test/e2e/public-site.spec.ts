import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { SITE_REDIRECTS } from '#shared/site-redirects';
import { ROUTE_META } from '../../web/src/site/route-meta';

const SHOTS = 'test-results/screenshots';

/** Every public page of the marketing site (spec §2), with the routes the site layout serves. */
const PAGES = Object.keys(ROUTE_META).filter(
  (path) => path !== '/login' && !(path in SITE_REDIRECTS),
);

/** Serious or critical WCAG 2 A/AA violations on the page (axe-core), as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('the public site', () => {
  test.beforeEach(async ({ context }) => {
    // The cookie banner is its own test; here it would only cover the pages' footers.
    await context.addCookies([{ name: 'ss_cookie_consent', value: '1', url: 'http://127.0.0.1' }]);
  });

  for (const path of PAGES) {
    test(`${path} answers with its title and heading, and passes axe`, async ({ page }) => {
      const response = await page.goto(path);

      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(ROUTE_META[path]?.title ?? '');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/\W+/g, '-');
      await page.screenshot({ path: `${SHOTS}/site-${name}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/site-${name}-phone.png`, fullPage: true });
    });
  }

  for (const [from, to] of Object.entries(SITE_REDIRECTS)) {
    test(`${from} answers 301 to ${to}`, async ({ page, request }) => {
      const answer = await request.get(from, { maxRedirects: 0 });
      expect(answer.status()).toBe(301);
      expect(answer.headers().location).toBe(to);

      await page.goto(from);

      await expect(page).toHaveURL(new RegExp(`${to.replace(/[/.]/g, '\\$&')}$`));
    });
  }

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');

    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText("Sorry! What you are looking for isn't available.")).toBeVisible();
  });

  test('the cookie banner asks once: Accept keeps the answer across visits', async ({
    page,
    context,
  }) => {
    await context.clearCookies();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Welcome!' });
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    await page.reload();

    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(banner).toBeHidden();
    const consent = (await context.cookies()).find((c) => c.name === 'ss_cookie_consent');
    expect(consent?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 86400);
  });
});
