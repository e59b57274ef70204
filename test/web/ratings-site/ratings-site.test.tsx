// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BRANDS } from '#shared/brands';
import { BrandContext } from '../../../web/src/components/brand-context';
import { ratingsRoutes } from '../../../web/src/ratings-site/ratings-routes';
import { fakeReportApi, type Responder } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';
import { chicagoNewsTalk, summaries, wlsRatings } from './ratings-fixtures';

const REGIONS = [
  { id: '602', name: 'Chicago', parent: 'Illinois' },
  { id: '501', name: 'New York', parent: 'New York' },
];
const FORMATS = [
  { id: 'news_talk', name: 'News/Talk' },
  { id: 'country', name: 'Country' },
];

function renderAt(path: string, answers: Record<string, Responder>) {
  const calls = fakeReportApi({
    nowl_regions: { result: REGIONS },
    nowl_station_formats: { result: FORMATS },
    ...answers,
  });
  const router = createMemoryRouter(ratingsRoutes(), { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BrandContext.Provider value={BRANDS.ratings}>
        <RouterProvider router={router} />
      </BrandContext.Provider>
    </SWRConfig>,
  );
  return { router, calls };
}

/** Pages that load on first visit import their module (recharts, the account forms) first. */
const LAZY_PAGE_MS = 8000;

const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  stubResizeObserver();
  window.scrollTo = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.title = '';
});

describe('the ratings site root', () => {
  test('explains the rating, shows the top ten of the rated markets and the brand title', async () => {
    const { calls } = renderAt('/', {
      nowl_top_ten_summaries: {
        result: summaries([chicagoNewsTalk({ format: 'all', format_name: 'All formats' })]),
      },
    });

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Response ratings for radio and TV stations',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'How a rating is made' }).textContent).toMatch(
      /at least 5 independent\s+advertisers and 50 airings/,
    );
    const table = await screen.findByRole('table', { name: /Top ten stations in Chicago/ });
    expect(
      within(table).getByRole('link', { name: 'WLS 890 AM · News/Talk' }).getAttribute('href'),
    ).toBe('/station/radio%3AWLS-AM');
    expect(document.body.textContent).toContain('Ratings for September 2026');
    expect(screen.queryByRole('note')).toBeNull();
    await waitFor(() => expect(document.title).toBe(BRANDS.ratings.metadata.home?.title));
    expect(description()).toBe(BRANDS.ratings.metadata.home?.description);
    expect(calls).toContainEqual({
      name: 'nowl_top_ten_summaries',
      input: { format: 'all', daypart: 'all' },
    });
  });

  test('marks sample ratings as samples', async () => {
    renderAt('/', {
      nowl_top_ten_summaries: {
        result: summaries([chicagoNewsTalk({ format: 'all' })], { kind: 'sample' }),
      },
    });

    expect((await screen.findByRole('note')).textContent).toContain('Sample ratings.');
  });

  test('with nothing published it says what a rating needs', async () => {
    renderAt('/', {
      nowl_top_ten_summaries: {
        result: summaries([], { period: null, previous_period: null, periods: [] }),
      },
    });

    expect(
      await screen.findByText(/No market has a published rating yet: a rating needs 5/),
    ).toBeTruthy();
  });

  test('the picker opens the chosen market and format', async () => {
    const { router } = renderAt('/', {
      nowl_top_ten_summaries: { result: summaries([]) },
    });
    const market = await screen.findByRole('combobox', { name: 'Market' });
    await waitFor(() => expect((market as HTMLSelectElement).disabled).toBe(false));

    fireEvent.change(market, { target: { value: '501' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Format' }), {
      target: { value: 'country' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show the top ten' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/top-ten/501/country'));
  });
});

describe('a top-ten page', () => {
  test('lists the market and format top ten with movement, and names them in the title', async () => {
    const { calls } = renderAt('/top-ten/602/news_talk', {
      nowl_top_ten_summaries: { result: summaries([chicagoNewsTalk()]) },
    });

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Top ten News/Talk stations in Chicago',
      }),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1▲2up 2WLS 890 AM · News/Talk131.4104–1517412',
      '2newnew in the top tenWGN 720 AM · News/Talk118.098–13361,250',
      '3▼1down 1WBBM 780 AM · News/Talk99.580–120588',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('up 2')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('new in the top ten')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('down 1')).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Top ten News/Talk stations in Chicago | NowOwl Ratings'),
    );
    expect(calls).toContainEqual({
      name: 'nowl_top_ten_summaries',
      input: { market: '602', format: 'news_talk', daypart: 'all' },
    });
  });

  test('without a format it shows all formats', async () => {
    const { calls } = renderAt('/top-ten/602', {
      nowl_top_ten_summaries: {
        result: summaries([chicagoNewsTalk({ format: 'all', format_name: 'All formats' })]),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Top ten stations in Chicago' }),
    ).toBeTruthy();
    expect(calls.find((c) => c.name === 'nowl_top_ten_summaries')?.input).toEqual({
      market: '602',
      format: 'all',
      daypart: 'all',
    });
  });

  test('a market below the thresholds says what a rating needs', async () => {
    renderAt('/top-ten/602/country', {
      nowl_top_ten_summaries: { result: summaries([]) },
    });

    expect(
      await screen.findByText(/no published Country rating yet: a rating needs 5 advertisers/),
    ).toBeTruthy();
  });
});

describe('unknown paths go to the root', () => {
  test.each(['/no-such-page', '/login', '/top-ten/chicago/news_talk', '/top-ten/602/jazz_fusion'])(
    '%s',
    async (path) => {
      const { router } = renderAt(path, {
        nowl_top_ten_summaries: { result: summaries([]) },
      });

      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'Response ratings for radio and TV stations',
        }),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );
});

describe('a station page', () => {
  test('shows the newest rating, the history by month and the call sign in the title', async () => {
    const { calls } = renderAt('/station/radio%3AWLS-AM', {
      nowl_station: { result: wlsRatings({ kind: 'sample' }) },
    });

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'WLS response rating' },
        { timeout: LAZY_PAGE_MS },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Sample ratings.');
    const history = screen.getByRole('table', { name: 'WLS rating by month' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.firstChild?.textContent)).toEqual(['September 2026', 'August 2026']);
    expect(
      screen.getByRole('img', { name: /WLS rating by month: August 2026 112\.3/ }),
    ).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Top ten News/Talk stations in Chicago' })
        .getAttribute('href'),
    ).toBe('/top-ten/602/news_talk');
    await waitFor(() => expect(document.title).toBe('WLS Response Rating | NowOwl Ratings'));
    expect(calls).toContainEqual({ name: 'nowl_station', input: { station_id: 'radio:WLS-AM' } });
  });

  test('a station without a published rating is named from the station list', async () => {
    const { calls } = renderAt('/station/radio%3AWXYZ-FM', {
      nowl_station: { status: 404, code: 'not_found', message: 'No rating for this station.' },
      global_stations: {
        result: {
          stations: [
            {
              id: 'radio:WXYZ-FM',
              label: 'WXYZ 99.1 FM · Gary, IN · Country',
              group_header: 'Chicago',
              type: 'radio',
            },
          ],
          page: 1,
          total: 1,
          page_size: 10,
        },
      },
    });

    expect(
      await screen.findByText(/WXYZ 99\.1 FM · Gary, IN · Country has no published rating yet/),
    ).toBeTruthy();
    expect(calls).toContainEqual({ name: 'global_stations', input: { id: 'radio:WXYZ-FM' } });
  });
});

describe('reused account and connection pages under the ratings brand', () => {
  test.each([
    ['/verify-email', 'Verify your e-mail', 'verify-email'],
    ['/reset-password', 'Choose a new password', 'reset-password'],
  ])('%s shows the page with the ratings name and metadata', async (path, heading, key) => {
    renderAt(path, {});

    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: LAZY_PAGE_MS }),
    ).toBeTruthy();
    expect(screen.getAllByText('NowOwl Ratings').length).toBeGreaterThan(0);
    expect(screen.queryByText('AnalyticOwl')).toBeNull();
    await waitFor(() => expect(document.title).toBe(BRANDS.ratings.metadata[key]?.title));
  });

  test('/start_connection shows the connection start page', async () => {
    renderAt('/start_connection', {});

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect your website analytics' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(BRANDS.ratings.metadata.connect?.title));
  });

  test('/finish shows the connection finish page', async () => {
    renderAt('/finish', {});

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(BRANDS.ratings.metadata.finish?.title));
  });
});
