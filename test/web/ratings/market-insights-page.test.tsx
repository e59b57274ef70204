// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { MarketInsights } from '#shared/contracts/ratings.schema';
import { MarketInsightsPage } from '../../../web/src/ratings/market-insights-page';
import { renderAt } from '../auth/render-at';
import { fakeReportApi, type Responder } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';
import { sessionWith } from './ratings-fixtures';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

const row = (stationId: string, daypart: string, name: string, rating: number | null) => ({
  station_id: stationId,
  call_sign: stationId.split(':')[1] ?? stationId,
  format: 'news_talk' as const,
  format_name: 'News/Talk',
  daypart,
  daypart_name: name,
  rating,
  market_median: 101.25,
  market_best: 131,
  rank: rating === null ? null : 2,
  of: 9,
});

const INSIGHTS: MarketInsights = {
  kind: 'sample',
  period: '2026-10',
  market: '501',
  market_name: 'New York',
  rows: [
    row('radio:WAAA', 'all', 'All day', 112.44),
    row('radio:WAAA', 'radio:morning_drive', 'Morning drive', null),
  ],
};

function openPage(answers: Record<string, Responder> = {}, url = '/ss/market-insights') {
  const calls = fakeReportApi({
    get_session: sessionWith({ has_any_subscription: true, competitive_data: true }),
    nowl_market_insights: { result: INSIGHTS },
    global_stations: {
      result: {
        stations: [
          {
            id: 'radio:WBBB',
            label: 'WBBB 880 AM · New York, NY',
            group_header: 'New York',
            type: 'radio',
          },
        ],
        page: 1,
        total: 1,
        page_size: 10,
      },
    },
    ...answers,
  });
  renderAt(url, '/ss/market-insights', <MarketInsightsPage />);
  return calls;
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Market Insights', () => {
  test('compares the primary station with its market by daypart, and prints', async () => {
    const calls = openPage();
    const print = vi.fn();
    vi.stubGlobal('print', print);

    const table = await screen.findByRole('table', {
      name: 'WAAA against New York’s other News/Talk stations',
    });

    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['All day', '112.4', '101.3', '131.0', '2 of 9'],
      ['Morning drive', 'Not enough data', '101.3', '131.0', '–'],
    ]);
    expect(screen.getByRole('note').textContent).toContain('Sample ratings');
    expect(calls.find((c) => c.name === 'nowl_market_insights')?.input).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  test('an added station is asked for with the others', async () => {
    const calls = openPage();
    await screen.findByRole('table');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Add a station' }), {
      target: { value: 'WBBB' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Find' })));
    await act(async () =>
      fireEvent.click(
        await screen.findByRole('button', { name: 'Add WBBB 880 AM · New York, NY' }),
      ),
    );

    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'nowl_market_insights').at(-1)?.input).toEqual({
        station_ids: ['radio:WBBB'],
      }),
    );
    expect(calls.find((c) => c.name === 'global_stations')?.input).toEqual({ q: 'WBBB' });
  });

  test('a station linked from the ratings page is compared, and one without a rating is named', async () => {
    const calls = openPage({}, '/ss/market-insights?station=radio%3AWAAA&station=radio%3AWZZZ');

    await screen.findByRole('table', { name: /^WAAA against New York/ });

    expect(calls.find((c) => c.name === 'nowl_market_insights')?.input).toEqual({
      station_ids: ['radio:WAAA', 'radio:WZZZ'],
    });
    expect(screen.getByText(/No rating in this period for WZZZ/)).not.toBeNull();
  });

  test('without Advertiser Insights it is locked and never asked for', async () => {
    const calls = openPage({ get_session: sessionWith({}) });

    const locked = await screen.findByRole('region', { name: 'Market Insights (locked)' });

    const unlock = within(locked).getByRole('link', { name: 'Unlock Advertiser Insights' });
    expect(unlock.getAttribute('href')).toBe('/plans?product=advertiser');
    expect(calls.some((c) => c.name === 'nowl_market_insights')).toBe(false);
  });
});
