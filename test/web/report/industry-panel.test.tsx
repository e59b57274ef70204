// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  INDUSTRY_SECTION_TITLES,
  INDUSTRY_SECTIONS,
  type IndustryInsights,
  type IndustryRow,
  type IndustrySectionId,
  industryInsightsSchema,
} from '#shared/contracts/industry-insights.schema';
import { resetRoutes } from '../../../web/src/api/client';
import {
  IndustryPanel,
  type IndustryPanelProps,
  NO_INDUSTRY,
} from '../../../web/src/report/industry-panel';
import { stubResizeObserver } from '../support/resize-observer';

// The paywall reads the session: signed out here, so locked panels say "Unlock …".
vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => false) }));

interface Call {
  name: string;
  input: Record<string, unknown>;
}
type Reply = { status: number; body: unknown };

const ROUTES = {
  industry_insights: { method: 'GET', path: '/ss_rest/industry_insights' },
  set_client_industry: { method: 'POST', path: '/ss_rest/set_client_industry' },
  industries: { method: 'GET', path: '/ss_rest/industries' },
};
const INDUSTRIES = [
  { id: '1268', name: 'Auto Repair', parent_name: 'Automotive' },
  { id: '1300', name: 'Furniture', parent_name: 'Home & Garden' },
];

const ok = (result: unknown): Reply => ({ status: 200, body: { success: true, result } });
const fail = (status: number, code: string, message: string): Reply => ({
  status,
  body: { success: false, message, error: { code, message } },
});

/** Stubs fetch with the panel's routes (GET as query, POST as body); returns the calls made. */
function stubApi(
  answer: (call: Call) => Reply | Promise<Reply>,
  routes: Record<string, unknown> = ROUTES,
): Call[] {
  resetRoutes();
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/ss_rest/routes') return json(200, { success: true, result: routes });
    const parsed = new URL(url, 'http://localhost');
    const name = parsed.pathname.replace(/^\/ss_rest\//, '');
    const input = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : Object.fromEntries(parsed.searchParams);
    if (name === 'industries') return json(200, { success: true, result: INDUSTRIES });
    calls.push({ name, input });
    const reply = await answer({ name, input });
    return json(reply.status, reply.body);
  });
  return calls;
}

const row = (over: Partial<IndustryRow>): IndustryRow => ({
  key: 'morning',
  label: 'Morning',
  industry_index: 140.4,
  client_index: 118.6,
  industry_share: 0.314,
  client_share: 0.25,
  advertisers: 4,
  ...over,
});

const DAYPART_ROWS = [
  row({}),
  row({
    key: 'overnight',
    label: 'Overnight',
    industry_index: 72.2,
    client_index: null,
    industry_share: 0.06,
    client_share: 0.02,
  }),
];

/** An answer for client-a in Auto Repair: dayparts open with two rows, `locked` sections shut. */
function insights(
  locked: readonly IndustrySectionId[] = [],
  over: Partial<IndustryInsights> = {},
): IndustryInsights {
  return industryInsightsSchema.parse({
    client_uid: 'client-a',
    industry: { id: '1268', name: 'Auto Repair' },
    can_set_industry: true,
    advertisers: 12,
    has_own_report: true,
    sample_data: false,
    sections: INDUSTRY_SECTIONS.map((id) => ({
      section: id,
      title: INDUSTRY_SECTION_TITLES[id],
      locked: locked.includes(id),
      rows: !locked.includes(id) && id === 'dayparts' ? DAYPART_ROWS : [],
    })),
    updated_at: '2024-04-01T12:00:00.000Z',
    ...over,
  });
}
const EVERY_BUT_DAYPARTS = INDUSTRY_SECTIONS.filter((s) => s !== 'dayparts');

function renderPanel(sampleData = false, props: Partial<IndustryPanelProps> = {}) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <IndustryPanel clientUid="client-a" sampleData={sampleData} {...props} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

const panel = () => screen.getByRole('region', { name: 'Industry response summary' });
const unlockLinks = () => screen.queryAllByRole('link', { name: 'Unlock Industry Insights' });

beforeEach(stubResizeObserver);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('industry response summary (spec §1 Industry Insights, §3 industry_insights)', () => {
  test('an open section shows each row with the industry and the client index, shares as percents', async () => {
    const calls = stubApi(() => ok(insights(EVERY_BUT_DAYPARTS)));
    renderPanel();

    const dayparts = await screen.findByRole('region', { name: 'Dayparts' });

    expect(calls[0]).toEqual({ name: 'industry_insights', input: { client_uid: 'client-a' } });
    const cells = (label: string) =>
      within(within(dayparts).getByRole('row', { name: new RegExp(`^${label}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Morning')).toEqual(['140', '119', '31%', '25%']);
    expect(cells('Overnight')[0]).toBe('72');
    expect(within(dayparts).getByTitle('Fewer than 5 of your airings here').textContent).toContain(
      '—',
    );
    const chart = within(dayparts).getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('Industry highest: Morning, 140.');
    expect(chart.getAttribute('aria-label')).toContain('Your highest: Morning, 119.');
    expect(panel().textContent).toContain('Auto Repair');
    expect(panel().textContent).toContain("Based on 12 other advertisers' latest reports");
    expect(panel().textContent).toContain('140 means airings there bring 1.4×');
    expect(panel().getAttribute('aria-busy')).toBeNull();
  });

  test('a locked section shows Unlock Industry Insights over grey bars and no numbers', async () => {
    stubApi(() => ok(insights(['days'])));
    renderPanel();

    const locked = await screen.findByRole('region', { name: 'Days of the week (locked)' });

    expect(within(locked).getByRole('link', { name: 'Unlock Industry Insights' })).toBeTruthy();
    expect(within(locked).getByText(/how your industry's airings respond/)).toBeTruthy();
    expect(within(locked).queryByRole('table')).toBeNull();
    expect(locked.textContent).not.toMatch(/\d/);
    expect(unlockLinks()).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Dayparts' })).toBeTruthy();
  });

  test('with every section locked, one paywall covers the panel', async () => {
    stubApi(() => ok(insights(INDUSTRY_SECTIONS)));
    renderPanel();

    expect(
      await screen.findByRole('region', { name: 'Industry response summary (locked)' }),
    ).toBeTruthy();

    expect(unlockLinks()).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('too few advertisers in the industry: one message instead of the sections', async () => {
    stubApi(() => ok(insights(['days'], { advertisers: 2 })));
    renderPanel();

    expect(
      await screen.findByText(
        'Not enough advertisers in your industry yet: benchmarks need at least 3 others.',
      ),
    ).toBeTruthy();

    expect(screen.queryByRole('table')).toBeNull();
    expect(unlockLinks()).toHaveLength(0);
  });

  test('an open section without rows says a row needs more advertisers', async () => {
    stubApi(() => ok(insights(['days'])));
    renderPanel();

    const stations = await screen.findByRole('region', { name: 'Stations' });

    expect(stations.textContent).toContain('a row needs at least 3 others with 5 or more airings');
    expect(within(stations).queryByRole('table')).toBeNull();
  });

  test('sample benchmarks say SAMPLE DATA', async () => {
    stubApi(() => ok(insights([], { sample_data: true })));
    renderPanel();

    await screen.findByRole('region', { name: 'Dayparts' });

    expect(panel().textContent).toContain('SAMPLE DATA');
  });

  test('no industry yet: the owner picks one, it is saved and the panel reloads with benchmarks', async () => {
    let industry: IndustryInsights['industry'] = null;
    const calls = stubApi((call) => {
      if (call.name === 'set_client_industry') {
        industry = { id: String(call.input.industry_id), name: 'Auto Repair' };
        return ok(call.input);
      }
      return ok(insights(EVERY_BUT_DAYPARTS, { industry }));
    });
    renderPanel();
    expect(
      await screen.findByText("Choose this client's industry to compare it with its industry."),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose an industry');
    expect(calls.filter((c) => c.name === 'set_client_industry')).toEqual([]);

    const picker = screen.getByRole('button', { name: /^Industry/ });
    await waitFor(() => expect((picker as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(picker);
    fireEvent.click(screen.getByRole('option', { name: 'Auto Repair' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('region', { name: 'Dayparts' })).toBeTruthy();
    expect(calls.filter((c) => c.name === 'set_client_industry')).toEqual([
      { name: 'set_client_industry', input: { client_uid: 'client-a', industry_id: '1268' } },
    ]);
    expect(calls.filter((c) => c.name === 'industry_insights')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  test('a refused save shows the server message and keeps the picker', async () => {
    stubApi((call) =>
      call.name === 'set_client_industry'
        ? fail(403, 'forbidden', 'Only the owner can set the industry.')
        : ok(insights([], { industry: null })),
    );
    renderPanel();
    const picker = await screen.findByRole('button', { name: /^Industry/ });
    await waitFor(() => expect((picker as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(picker);
    fireEvent.click(screen.getByRole('option', { name: 'Furniture' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only the owner can set the industry.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  test('no industry and no right to set it: asks for the owner, offers no picker', async () => {
    stubApi(() => ok(insights([], { industry: null, can_set_industry: false })));
    renderPanel();

    expect(await screen.findByText("Ask the client's owner to set its industry.")).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  test('the report shown is compared: its report_id goes with the request', async () => {
    const calls = stubApi((call) =>
      ok(insights(EVERY_BUT_DAYPARTS, { report_id: String(call.input.report_id) })),
    );
    renderPanel(false, { reportId: 'r-old' });

    expect(await screen.findByRole('region', { name: 'Dayparts' })).toBeTruthy();

    expect(calls).toEqual([
      { name: 'industry_insights', input: { client_uid: 'client-a', report_id: 'r-old' } },
    ]);
  });

  test('an answer for another report than the one shown counts as loading', async () => {
    stubApi(() => ok(insights(EVERY_BUT_DAYPARTS, { report_id: 'r-latest' })));
    renderPanel(false, { reportId: 'r-old' });

    await waitFor(() => expect(screen.getByRole('status')).toBeTruthy());

    expect(panel().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('setting the industry reloads the panel of the report shown', async () => {
    let industry: IndustryInsights['industry'] = null;
    const calls = stubApi((call) => {
      if (call.name === 'set_client_industry') {
        industry = { id: String(call.input.industry_id), name: 'Auto Repair' };
        return ok(call.input);
      }
      return ok(
        insights(EVERY_BUT_DAYPARTS, {
          industry,
          report_id: industry ? String(call.input.report_id) : null,
        }),
      );
    });
    renderPanel(false, { reportId: 'r-old' });
    const picker = await screen.findByRole('button', { name: /^Industry/ });
    await waitFor(() => expect((picker as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(picker);
    fireEvent.click(screen.getByRole('option', { name: 'Auto Repair' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('region', { name: 'Dayparts' })).toBeTruthy();
    expect(calls.filter((c) => c.name === 'industry_insights')).toEqual([
      { name: 'industry_insights', input: { client_uid: 'client-a', report_id: 'r-old' } },
      { name: 'industry_insights', input: { client_uid: 'client-a', report_id: 'r-old' } },
    ]);
  });

  test('read-only (preview): no industry shows no picker, even to the owner', async () => {
    stubApi(() => ok(insights([], { industry: null, can_set_industry: true })));
    renderPanel(false, { readOnly: true });

    expect(await screen.findByText(NO_INDUSTRY)).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Industry/ })).toBeNull();
  });

  test('while loading the panel is busy; a failed load shows the API message and can retry', async () => {
    let release: (reply: Reply) => void = () => {};
    let attempts = 0;
    stubApi(() => {
      attempts += 1;
      if (attempts === 1) return new Promise<Reply>((resolve) => (release = resolve));
      return ok(insights(EVERY_BUT_DAYPARTS));
    });
    renderPanel();
    await waitFor(() => expect(attempts).toBe(1));
    expect(panel().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading industry benchmarks…');

    release(fail(403, 'forbidden', 'You cannot see this client.'));

    expect((await screen.findByRole('alert')).textContent).toBe('You cannot see this client.');
    expect(panel().getAttribute('aria-busy')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Dayparts' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
