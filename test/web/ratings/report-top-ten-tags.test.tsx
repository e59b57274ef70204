// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TopTenSummaries } from '#shared/contracts/ratings.schema';
import { ReportWorkspace } from '../../../web/src/report/report-workspace';
import { renderAt } from '../auth/render-at';
import { ACME_WITH_REPORT, acmeReportAnswers } from '../support/acme-report';
import { fakeReportApi } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';
import { sessionWith, topRow } from './ratings-fixtures';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

/** Wausau's lists: WAOW is #3 of Broadcast TV and #5 of all formats; KOWL only in 'all'. */
const WAUSAU: TopTenSummaries = {
  kind: 'real',
  period: '2024-03',
  previous_period: null,
  periods: ['2024-03'],
  lists: [
    {
      market: '705',
      market_name: 'Wausau-Rhinelander',
      format: 'all',
      format_name: 'All formats',
      daypart: 'all',
      daypart_name: 'All day',
      rows: [
        topRow(5, { station_id: 'tv:WAOW', call_sign: 'WAOW', label: 'WAOW' }),
        topRow(7, { station_id: 'tv:KOWL', call_sign: 'KOWL-TV', label: 'KOWL-TV' }),
      ],
    },
    {
      market: '705',
      market_name: 'Wausau-Rhinelander',
      format: 'broadcast_tv',
      format_name: 'Broadcast TV',
      daypart: 'all',
      daypart_name: 'All day',
      rows: [topRow(3, { station_id: 'tv:WAOW', call_sign: 'WAOW', label: 'WAOW' })],
    },
  ],
};

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stubResizeObserver();
});

describe('top-ten tags in the report’s station table', () => {
  test('a station in its market’s top ten carries its rank and format, from one call', async () => {
    const calls = fakeReportApi({
      get_session: sessionWith({}),
      ...acmeReportAnswers({ ...ACME_WITH_REPORT, perms: { view: true } }),
      nowl_top_ten_summaries: { result: WAUSAU },
    });
    renderAt('/ss?client=acme&tab=station', '/ss', <ReportWorkspace />);

    const table = await screen.findByRole('table', { name: 'Station breakdown' });
    const rowOf = (label: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(label)) as HTMLElement;
    await waitFor(() => expect(rowOf('WAOW-TV').textContent).toContain('#3 Broadcast TV'));

    expect(within(rowOf('WAOW-TV')).getByTitle(/3rd of Broadcast TV stations/)).not.toBeNull();
    expect(rowOf('KOWL-TV').textContent).toContain('#7 in market');
    expect(rowOf('WHOO-TV').textContent).not.toContain('#');
    expect(calls.filter((c) => c.name === 'nowl_top_ten_summaries')).toEqual([
      { name: 'nowl_top_ten_summaries', input: {} },
    ]);
  });

  test('no tag and no error when the ratings cannot be read', async () => {
    fakeReportApi({
      get_session: sessionWith({}),
      ...acmeReportAnswers({ ...ACME_WITH_REPORT, perms: { view: true } }),
      nowl_top_ten_summaries: { status: 500, code: 'internal', message: 'boom' },
    });
    renderAt('/ss?client=acme&tab=station', '/ss', <ReportWorkspace />);

    const table = await screen.findByRole('table', { name: 'Station breakdown' });

    expect(within(table).getAllByRole('row').length).toBeGreaterThan(5);
    expect(table.textContent).not.toContain('#');
    const card = screen.getByRole('region', { name: 'Breakdowns' });
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
