// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RATINGS_GATES } from '#shared/billing/ratings-gates';
import type { TopTenSummaries } from '#shared/contracts/ratings.schema';
import { hasSession } from '../../../web/src/auth/session';
import { PreviewRoute } from '../../../web/src/preview/preview-route';
import { fail, fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';

vi.mock('../../../web/src/auth/session', () => ({
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => false),
}));

const INDUSTRIES = ok({
  industries: [
    { id: '1002', name: 'Alcohol', parent_name: 'Alcohol' },
    {
      id: '1003',
      name: 'Bars',
      parent_name: 'Alcohol',
      trends: { avg_newusers_delta_pct_from_prev: 4.25, sample_data: true },
    },
  ],
});
const REGIONS = ok({ regions: [{ id: '501', name: 'New York', parent: 'NY' }] });

const row = (rank: number, call: string, rating: number) => ({
  rank,
  station_id: `st-${call}`,
  call_sign: call,
  label: `${call} · News/Talk`,
  rating,
  low: rating - 10,
  high: rating + 12,
  advertisers: 6,
  airings: 1200,
  previous_rank: rank === 1 ? 3 : null,
  movement: rank === 1 ? 2 : null,
});
const list = (market: string, name: string, rows: ReturnType<typeof row>[]) => ({
  market,
  market_name: name,
  format: 'all' as const,
  format_name: 'All formats',
  daypart: 'all',
  daypart_name: 'All day',
  rows,
});
const TOP_TEN: TopTenSummaries = {
  kind: 'sample',
  period: '2026-10',
  previous_period: '2026-09',
  periods: ['2026-10', '2026-09'],
  lists: [list('501', 'New York', [row(1, 'WCBS', 131.2), row(2, 'WINS', 118)])],
};
const NATIONWIDE: TopTenSummaries = {
  ...TOP_TEN,
  lists: [
    list('501', 'New York', [row(1, 'WCBS', 131.2)]),
    list('602', 'Chicago', [row(1, 'WBBM', 140.5)]),
  ],
};
const ROUTES = ['industries', 'regions', 'nowl_top_ten_summaries', 'company_save'];
const LOOKUP = '/ss/?type=self&url=joes-bar.example.com&industry=1003&market=501';

beforeEach(() => vi.mocked(hasSession).mockResolvedValue(false));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const topTenCalls = (calls: { name: string; body: unknown }[]) =>
  calls.filter((c) => c.name === 'nowl_top_ten_summaries').map((c) => c.body);

describe('the landing lookup preview', () => {
  test('a visitor sees the industry’s weekly trend and the market’s top stations, sample-marked', async () => {
    const calls = fakeApi(
      {
        industries: INDUSTRIES,
        regions: REGIONS,
        nowl_top_ten_summaries: ok(TOP_TEN),
      },
      ROUTES,
    );

    renderAt(LOOKUP, '/ss', <PreviewRoute />);

    expect(
      await screen.findByRole('heading', { name: 'Response ratings for joes-bar.example.com' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('weekly-trend')).textContent).toMatch(/\+4\.3%.*sample data/);
    const market = screen.getByRole('region', { name: 'Top stations in New York' });
    const table = await within(market).findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'WCBS · News/Talk' })).toBeTruthy();
    expect(within(table).getByText('131.2 (121–143)')).toBeTruthy();
    expect(within(table).getByText('up 2')).toBeTruthy();
    expect(within(market).getByTestId('sample-ratings').textContent).toMatch(/Sample ratings/);
    expect(topTenCalls(calls)).toContainEqual({ format: 'all', daypart: 'all', market: '501' });
    const signUp = within(screen.getByRole('form', { name: 'Sign up' }));
    expect(signUp.getByRole('button', { name: 'Create account' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(screen.queryByRole('button', { name: /as an advertiser/ })).toBeNull();
  });

  test('the industry cohort’s ratings, refused to a visitor, show the gate’s message and Unlock button', async () => {
    const gate = RATINGS_GATES.ratings_industries;
    fakeApi(
      { industries: INDUSTRIES, regions: REGIONS, nowl_top_ten_summaries: ok(TOP_TEN) },
      ROUTES,
    );
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (url === '/ss_rest/nowl_top_ten_summaries' && body.industry)
        return new Response(JSON.stringify(fail(403, 'forbidden', gate.message).body), {
          status: 403,
        });
      return inner(url, init);
    });

    renderAt(LOOKUP, '/ss', <PreviewRoute />);

    const cohort = await screen.findByRole('region', { name: 'How Bars advertisers respond' });
    expect(await within(cohort).findByText(gate.message)).toBeTruthy();
    expect(within(cohort).getByRole('link', { name: gate.unlock_label }).getAttribute('href')).toBe(
      gate.unlock_path,
    );
  });

  test('an unknown industry and market are ignored with a note, and the ratings are nationwide', async () => {
    const calls = fakeApi(
      { industries: INDUSTRIES, regions: REGIONS, nowl_top_ten_summaries: ok(NATIONWIDE) },
      ROUTES,
    );

    renderAt(
      '/ss/?type=rep&url=joes-bar.example.com&industry=777&market=999',
      '/ss',
      <PreviewRoute />,
    );

    const notes = await screen.findByRole('list', { name: 'About your lookup' });
    expect(notes.textContent).toMatch(/industry “777”, so all industries are shown/);
    expect(notes.textContent).toMatch(/market “999”, so the preview is nationwide/);
    const market = await screen.findByRole('region', { name: 'Top stations nationwide' });
    const rows = within(await within(market).findByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/WBBM.*Chicago/);
    await waitFor(() => expect(topTenCalls(calls)).toEqual([{ format: 'all', daypart: 'all' }]));
    expect(screen.queryByRole('region', { name: /advertisers respond/ })).toBeNull();
  });

  test('a url that is not a host name is left out with a note', async () => {
    fakeApi(
      { industries: INDUSTRIES, regions: REGIONS, nowl_top_ten_summaries: ok(TOP_TEN) },
      ROUTES,
    );

    renderAt('/ss/?type=self&url=javascript:alert(1)&market=501', '/ss', <PreviewRoute />);

    expect(
      await screen.findByText(/“javascript:alert\(1\)” is not a website’s host name/),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Response ratings preview · AnalyticOwl'), {
      timeout: 5_000,
    });
    expect(screen.queryByText(/is added as your advertiser/)).toBeNull();
  });

  test('the sign-up registers with the lookup’s website, industry and market as the pending client', async () => {
    const calls = fakeApi(
      {
        industries: INDUSTRIES,
        regions: REGIONS,
        nowl_top_ten_summaries: ok(TOP_TEN),
        register: ok({ email: 'ann@example.com', verification_sent: true }),
      },
      ROUTES,
    );
    renderAt(LOOKUP, '/ss', <PreviewRoute />);
    const form = await screen.findByRole('form', { name: 'Sign up' });
    expect(within(form).getByText(/joes-bar\.example\.com/).textContent).toBe(
      'joes-bar.example.com',
    );
    expect((within(form).getByLabelText('Website') as HTMLInputElement).value).toBe(
      'joes-bar.example.com',
    );
    const type = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });

    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('E-mail address', 'ann@example.com');
    type('Company', 'Joe’s Bar');
    type('Years of experience', '3');
    type('Password', 'abc12!xy');
    type('Confirm password', 'abc12!xy');
    fireEvent.click(within(form).getByLabelText(/I accept the/));
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('landed')).toBeTruthy();
    expect(screen.getByTestId('landed').textContent).toBe('/verify-email?email=ann%40example.com');
    const sent = calls.find((c) => c.name === 'register')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      user_type: 'self',
      url: 'joes-bar.example.com',
      industry_id: '1003',
      markets: ['501'],
      pending_client: { website: 'joes-bar.example.com', industry_id: '1003', market: '501' },
    });
  });

  test('a signed-in user gets “Add <host> as an advertiser”, which saves the client and opens it', async () => {
    vi.mocked(hasSession).mockResolvedValue(true);
    const calls = fakeApi(
      {
        industries: INDUSTRIES,
        regions: REGIONS,
        nowl_top_ten_summaries: ok(TOP_TEN),
        company_save: ok({ client_info: { client_uid: 'c-9' }, created: true }),
      },
      ROUTES,
    );
    const { router } = renderAt(LOOKUP, '/ss', <PreviewRoute />);
    const add = await screen.findByRole('button', {
      name: 'Add joes-bar.example.com as an advertiser',
    });
    expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull();

    fireEvent.click(add);

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/ss?client=c-9',
      ),
    );
    expect(calls.find((c) => c.name === 'company_save')?.body).toEqual({
      name: 'joes-bar.example.com',
      website: 'joes-bar.example.com',
      industry_id: '1003',
      market: '501',
    });
  });
});
