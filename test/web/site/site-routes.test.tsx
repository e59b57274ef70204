// @vitest-environment jsdom
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ROUTE_META,
  SITE_REDIRECTS,
  SITE_ROUTES,
  siteRoutes,
} from '../../../web/src/site/site-routes';
import { fakeReportApi } from '../support/report-api';

function renderAt(path: string, routes = SITE_ROUTES) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

// Every page loads its module on first visit (site-routes.tsx `lazy`): on a loaded machine that
// import alone can outlast the default 1 s of findBy and waitFor.
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  // jsdom does not implement scrolling; the layout scrolls to the top on each navigation.
  window.scrollTo = vi.fn();
});

afterEach(() => {
  cleanup();
  document.title = '';
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('public marketing routes (spec §2 "Public marketing router")', () => {
  test.each([
    ['/', 'Know what every airing was worth'],
    ['/start_connection', 'Connect your website analytics'],
    ['/finish', 'We could not finish the connection'],
    ['/measurement', 'How AnalyticOwl measures broadcast response'],
    ['/products', 'Products'],
    ['/analyticowl-is-always-first', 'AnalyticOwl is always first'],
    ['/we-are-hiring', 'We are hiring!'],
    ['/schedule-your-demo', 'Schedule your demo'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/data-disclaimer', 'Data Disclaimer'],
    ['/iba', 'Association members save 20%'],
    ['/ctv', 'OTT and CTV, measured like broadcast'],
    ['/404', "Sorry! What you are looking for isn't available."],
  ])('%s shows its heading and sets its title and description', async (path, heading) => {
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    const meta = ROUTE_META[path];
    await waitFor(() => expect(document.title).toBe(meta?.title));
    const description = document.head.querySelector('meta[name="description"]');
    expect(description?.getAttribute('content')).toBe(meta?.description);
  });

  test('the spec titles are used where the spec names them', () => {
    const titles = Object.fromEntries(
      Object.values(ROUTE_META).map((meta) => [meta.key, meta.title]),
    );

    expect(titles).toMatchObject({
      login: 'Login',
      'sign-up': 'Sign Up',
      'contact-us': 'Contact Us',
      'we-are-hiring': 'We are Hiring!',
      'privacy-policy': 'Privacy Policy',
      'terms-and-conditions': 'Terms and Conditions',
      'data-disclaimer': 'Data Disclaimer',
    });
    expect(Object.keys(titles)).toEqual(
      expect.arrayContaining(['home', 'measurement', 'products']),
    );
  });

  test('the redirect table is the spec list', () => {
    expect(SITE_REDIRECTS).toEqual({
      '/customer-login': '/login',
      '/portals': '/login',
      '/products-and-services': '/products',
      '/contact': '/contact-us',
      '/contact/': '/contact-us',
      '/employment': '/we-are-hiring',
      '/media-company-analytics': '/measurement',
      '/subscribe': '/contact-us',
      '/sign-up': '/contact-us',
    });
  });

  test.each([
    ['/employment', '/we-are-hiring'],
    ['/products-and-services', '/products'],
    ['/media-company-analytics', '/measurement'],
  ])('%s redirects to %s', async (from, to) => {
    const router = renderAt(from);

    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  test('an unknown path lands on /404 with the spec text', async () => {
    const router = renderAt('/no-such-page');

    expect(
      await screen.findByText("Sorry! What you are looking for isn't available."),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });
});

describe('site layout', () => {
  test('the footer shows the copyright range up to the current year and the legal links', async () => {
    renderAt('/');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`© 2014–${new Date().getFullYear()} AnalyticOwl`)).toBeTruthy();
    const doNotSell = within(footer).getByRole('link', { name: 'Do not sell my info' });
    expect(doNotSell.getAttribute('href')).toBe('/do-not-sell-my-info');
    expect(
      within(footer).getByRole('link', { name: 'Association members' }).getAttribute('href'),
    ).toBe('/iba');
  });

  test('navigating to another page scrolls to the top and updates the title', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    vi.mocked(window.scrollTo).mockClear();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByText('Products'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/products');
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
    await waitFor(() => expect(document.title).toBe('Products | AnalyticOwl'));
  });
});

describe('page content', () => {
  test('the Schedule Demo popup opens as a dialog and closes with Escape', async () => {
    renderAt('/');
    const opener = (await screen.findAllByRole('button', { name: 'Schedule Demo' }))[0];
    if (!opener) throw new Error('no Schedule Demo button');
    opener.focus();

    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Schedule your demo' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test('the home page lists 10 ways to use it and 11 steps', async () => {
    renderAt('/');

    const ways = await screen.findByRole('region', { name: '10 ways to use AnalyticOwl' });
    expect(within(ways).getAllByRole('listitem')).toHaveLength(10);
    const steps = screen.getByRole('region', { name: 'How it works, in 11 steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(11);
  });

  test('measurement has six jump links, each section with a button home', async () => {
    renderAt('/measurement');

    const jumps = await screen.findByRole('navigation', { name: 'On this page' });
    expect(
      within(jumps)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '#important-numbers',
      '#digital-metrics',
      '#accepted',
      '#attribution',
      '#engine',
      '#misconceptions',
    ]);
    const buttons = screen.getAllByRole('link', { name: 'Measure your ad campaign' });
    expect(buttons).toHaveLength(6);
    expect(buttons.every((a) => a.getAttribute('href') === '/')).toBe(true);
  });

  test('products has its ten sections, each with a button home', async () => {
    renderAt('/products');

    await screen.findByRole('heading', { level: 1, name: 'Products' });
    const ids = [
      'benchmarks',
      'calculator',
      'optimize',
      'pro',
      'foottraffic',
      'digital',
      'creative',
      'leads',
      'websites',
      'trusted',
    ];
    for (const id of ids) {
      const section = document.getElementById(id);
      expect(section, id).not.toBeNull();
      const home = within(section as HTMLElement)
        .getAllByRole('link')
        .at(-1);
      expect(home?.getAttribute('href')).toBe('/');
    }
  });

  test('the hiring page lists the four positions and mounts the contact form', async () => {
    renderAt('/we-are-hiring', siteRoutes({ hiringContactForm: <form aria-label="Contact" /> }));

    for (const title of [
      'Full Stack Engineer',
      'Media Support Representative',
      'Special Projects Manager',
      'Agency Account Manager',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    const helpUs = screen.getByRole('region', { name: 'Can you help us?' });
    expect(within(helpUs).getByRole('form', { name: 'Contact' })).toBeTruthy();
  });

  test.each([
    ['/privacy-policy', 'Last updated: 04-18-24'],
    ['/terms-and-conditions', 'Last modified: 04-18-24'],
    ['/data-disclaimer', 'Last modified: March 15th, 2024'],
  ])('%s shows its date', async (path, line) => {
    renderAt(path);

    expect(await screen.findByText(line)).toBeTruthy();
  });

  test('the privacy policy ends with the do-not-sell link', async () => {
    renderAt('/privacy-policy');

    const article = (await screen.findByRole('heading', { level: 1 })).closest('article');
    const links = within(article as HTMLElement).getAllByRole('link');
    expect(links.at(-1)?.getAttribute('href')).toBe('/do-not-sell-my-info');
  });

  test('start_connection offers Google sign-in for the client of a complete link only', async () => {
    fakeReportApi({
      connection_start: { result: { authorize_url: 'http://g.test/auth', client_name: 'Acme' } },
    });
    renderAt('/start_connection?xrg=Zk3v9QmW1x7Lr2pT8yB4nC6dH0sJ5gE_aFoU-iKcVbN&cid=client-9');

    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeDefined();
    cleanup();
    window.sessionStorage.clear();

    renderAt('/start_connection?cid=client-9');
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  test("finish lists the Google user's properties for the code Google returned", async () => {
    fakeReportApi({
      list_properties: {
        result: { properties: [], ga_email: 'a@b.example', client_name: 'Acme', client_id: 'c9' },
      },
    });
    renderAt('/finish?code=abc&state=st-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'No views found' })).toBeDefined();
  });
});
