// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { LandingOrReport } from '../../../web/src/preview/landing-or-report';
import { fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';

vi.mock('../../../web/src/auth/session', () => ({
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => false),
}));
vi.mock('../../../web/src/report/report-workspace', () => ({
  ReportWorkspace: () => <p>Report workspace</p>,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/ss for a visitor without a session', () => {
  test('with the landing lookup’s parameters opens the preview, not the login or register page', async () => {
    fakeApi(
      {
        industries: ok({ industries: [{ id: '1003', name: 'Bars', parent_name: 'Alcohol' }] }),
        regions: ok({ regions: [{ id: '501', name: 'New York', parent: 'NY' }] }),
        nowl_top_ten_summaries: ok({
          kind: 'sample',
          period: null,
          previous_period: null,
          periods: [],
          lists: [],
        }),
      },
      ['industries', 'regions', 'nowl_top_ten_summaries'],
    );

    const { router } = renderAt(
      '/ss/?type=self&url=joes-bar.example.com&industry=1003&market=501',
      '/ss',
      <LandingOrReport />,
    );

    expect(
      await screen.findByRole('heading', { name: 'Response ratings for joes-bar.example.com' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ss/');
    expect(
      await screen.findByText('No station in New York has enough advertisers for a rating yet.'),
    ).toBeTruthy();
  });

  test('without them still goes to log in', async () => {
    fakeApi({});

    renderAt('/ss?client=c-1', '/ss', <LandingOrReport />);

    expect((await screen.findByTestId('landed')).textContent).toMatch(/^\/login\?next=/);
  });
});
