// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { RatingsPage } from '../../../web/src/ratings/ratings-page';
import { renderAt } from '../auth/render-at';
import { fakeReportApi, type Responder } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';
import { LISTS, ratingsPage, sessionWith, stationRatings, topTen } from './ratings-fixtures';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

const ENTITLED = {
  has_any_subscription: true,
  industry_insights_stations: true,
  industry_insights_station_formats: true,
  industry_insights_dayparts: true,
  industry_insights_unlimited: true,
};

/** The ratings page at `url` with these answers over the defaults (an entitled caller). */
function openPage(url = '/ss/ratings', answers: Record<string, Responder> = {}) {
  const calls = fakeReportApi({
    get_session: sessionWith(ENTITLED),
    ...LISTS,
    nowl_top_ten_summaries: { result: topTen() },
    nowl_ratings: { result: ratingsPage() },
    nowl_station: { result: stationRatings() },
    ...answers,
  });
  const view = renderAt(url, '/ss/ratings', <RatingsPage />);
  return { calls, ...view };
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stubResizeObserver();
});

describe('the ratings page', () => {
  test('marks sample ratings and lists the top ten with their movement', async () => {
    openPage('/ss/ratings?market=501&format=news_talk');

    const list = await screen.findByRole('region', {
      name: 'Top ten: News/Talk in New York, All day',
    });

    expect(screen.getByRole('note').textContent).toContain('Sample ratings');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('112.4 (98–130)');
    expect(rows[0]?.textContent).toContain('Up 2 places');
    expect(rows[1]?.textContent).toContain('New in the top ten');
    expect(rows[2]?.textContent).toContain('Down 1 place');
  });

  test('the table shows rating with interval, advertisers and airings, under a caption', async () => {
    openPage();

    const table = await screen.findByRole('table', { name: /Station ratings · 2 rated/ });

    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells[0]).toEqual([
      '1',
      'WAAA 1010 AM · News/Talk',
      'New York',
      'News/Talk',
      'All day',
      '112.4 (98–130)',
      '+4.2',
      '5',
      '80',
    ]);
  });

  test('sorting a column reorders the page and says so to assistive technology', async () => {
    openPage();
    const table = await screen.findByRole('table', { name: /Station ratings/ });

    await act(async () => fireEvent.click(within(table).getByRole('button', { name: /Airings/ })));

    const header = within(table).getByRole('columnheader', { name: /Airings/ });
    const firstSort = header.getAttribute('aria-sort');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    expect(firstSort === 'descending' ? names()[0] : names()[1]).toContain('WBBB');
    expect(['ascending', 'descending']).toContain(firstSort);
  });

  test('choosing a market (grouped by state) and a format asks for them', async () => {
    const { calls } = openPage();
    const market = await screen.findByRole('combobox', { name: 'Market' });
    await waitFor(() => expect(within(market).getAllByRole('option')).toHaveLength(4));

    expect(
      [...market.querySelectorAll('optgroup')].map((g) => [
        g.label,
        [...g.querySelectorAll('option')].map((o) => o.textContent),
      ]),
    ).toEqual([
      ['NY', ['New York', 'Buffalo']],
      ['PA', ['Philadelphia']],
    ]);
    await act(async () => fireEvent.change(market, { target: { value: '501' } }));
    const format = screen.getByRole('combobox', { name: 'Format' });
    await waitFor(() => expect(within(format).getAllByRole('option')).toHaveLength(3));
    await act(async () => fireEvent.change(format, { target: { value: 'news_talk' } }));

    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'nowl_ratings').at(-1)?.input).toEqual({
        market: '501',
        format: 'news_talk',
        subject: 'station',
        page: 1,
      }),
    );
    expect(calls.filter((c) => c.name === 'nowl_top_ten_summaries').at(-1)?.input).toEqual({
      market: '501',
      format: 'news_talk',
    });
  });

  test('a market and a format picked before the page re-renders both stay in the URL', async () => {
    // A slow device: the second choice is made while the first is still on its way to the URL.
    const { calls, router } = openPage('/ss/ratings?daypart=tv:prime');
    const market = await screen.findByRole('combobox', { name: 'Market' });
    const format = screen.getByRole('combobox', { name: 'Format' });
    await waitFor(() => expect(within(market).getAllByRole('option')).toHaveLength(4));
    await waitFor(() => expect(within(format).getAllByRole('option')).toHaveLength(3));

    await act(async () => {
      fireEvent.change(market, { target: { value: '501' } });
      fireEvent.change(format, { target: { value: 'news_talk' } });
    });

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        daypart: 'tv:prime',
        market: '501',
        format: 'news_talk',
      }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'nowl_top_ten_summaries').at(-1)?.input).toEqual({
        daypart: 'tv:prime',
        market: '501',
        format: 'news_talk',
      }),
    );
    expect((market as HTMLSelectElement).value).toBe('501');
    expect((format as HTMLSelectElement).value).toBe('news_talk');
  });

  test('a caller without the station ratings sees Unlock instead, and the table is never asked for', async () => {
    const { calls } = openPage('/ss/ratings?daypart=tv%3Aprime&industry=1268', {
      get_session: sessionWith({}),
    });

    await screen.findByRole('region', { name: /Top ten/ });

    const unlocks = screen.getAllByRole('link', { name: /Unlock Industry Insights/ });
    expect(unlocks.length).toBe(3);
    for (const link of unlocks) expect(link.getAttribute('href')).toBe('/plans?product=industry');
    expect(
      (screen.getByRole('combobox', { name: 'Daypart (locked)' }) as HTMLSelectElement).disabled,
    ).toBe(true);
    expect(calls.some((c) => c.name === 'nowl_ratings')).toBe(false);
    // The locked filters in the URL are not sent either.
    expect(calls.find((c) => c.name === 'nowl_top_ten_summaries')?.input).toEqual({});
  });

  test('a market without enough advertisers says what is needed', async () => {
    openPage('/ss/ratings?market=501', {
      nowl_top_ten_summaries: {
        result: topTen({ lists: [] }),
      },
      nowl_ratings: { result: ratingsPage({ rows: [], total: 0, withheld: 3 }) },
    });

    const empty = await screen.findByText(/3 more slots have airings below the thresholds/);

    expect(empty.textContent).toContain(
      'No station in New York has enough advertisers yet (5 advertisers and 50 airings are needed).',
    );
    expect(screen.getByRole('heading', { name: 'No top ten yet' })).not.toBeNull();
  });

  test('a failure shows the generic message, not the server’s internals', async () => {
    openPage('/ss/ratings', {
      nowl_ratings: { status: 500, code: 'internal', message: 'DynamoDB exploded at line 4' },
    });

    const alert = await screen.findByRole('alert');

    expect(alert.textContent).toContain(GENERIC_ERROR_MESSAGE);
    expect(alert.textContent).not.toContain('DynamoDB');
  });

  test('a station opens its panel with its rating history', async () => {
    const { calls } = openPage();
    const table = await screen.findByRole('table', { name: /Station ratings/ });

    await act(async () =>
      fireEvent.click(within(table).getByRole('button', { name: 'WAAA 1010 AM · News/Talk' })),
    );

    const history = await screen.findByRole('table', { name: 'Rating history of WAAA' });
    expect(
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .slice(0, 2)
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['September 2026', '104.0 (90–122)'],
      ['October 2026', '112.4 (98–130)'],
    ]);
    expect(calls.find((c) => c.name === 'nowl_station')?.input).toEqual({
      station_id: 'radio:WAAA',
    });
    expect(screen.getByTestId('rating-history-chart')).not.toBeNull();
  });

  test('Formats rates formats in the market, and Next page asks for the next page', async () => {
    const { calls } = openPage('/ss/ratings?market=501', {
      nowl_ratings: { result: ratingsPage({ total: 60 }) },
    });
    await screen.findByRole('table', {
      name: /Station ratings in New York · 60 rated, page 1 of 3/,
    });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'nowl_ratings').at(-1)?.input).toMatchObject({
        page: 2,
        subject: 'station',
      }),
    );
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Formats' })));

    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'nowl_ratings').at(-1)?.input).toEqual({
        market: '501',
        subject: 'format',
        page: 1,
      }),
    );
  });

  test('the station panel takes the focus and Escape closes it', async () => {
    const { router } = openPage('/ss/ratings?station=radio%3AWAAA');

    const heading = await screen.findByRole('heading', {
      name: 'WAAA 1010 AM · News/Talk',
      level: 2,
    });
    expect(document.activeElement).toBe(heading);

    await act(async () => fireEvent.keyDown(heading, { key: 'Escape' }));

    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('table', { name: 'Rating history of WAAA' })).toBeNull();
  });
});
