// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { DrilldownView, ReportView } from '#shared/contracts/report.schema';
import { ReportPage } from '../../../web/src/report/report-page';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { renderAt } from '../auth/render-at';
import { type Answer, deferred, fakeReportApi } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';

const CLIENT = {
  client_uid: 'demo-coffee',
  name: 'Demo Coffee Co.',
  sample_data: true,
  demo: true,
  airings: 358,
  first_airing_utc: '2024-03-04T11:00:00.000Z',
  last_airing_utc: '2024-04-07T23:30:00.000Z',
  latest_report_id: 'rep_demo_1',
};

/** The report filtered to one station: 61 airings, one station row, its programs. */
function stationView(report: ReportView): DrilldownView {
  const station = report.tables.station.filter((r) => r.label === 'WAOW-TV');
  return {
    report_id: report.report_id,
    filters: { broadcast_type: 'all', drill: [{ dimension: 'station', key: station[0]!.key }] },
    main: {
      summary: { ...report.summary, airings: 61 },
      tables: { ...report.tables, station, program: report.tables.program.slice(0, 2) },
    },
    compare: null,
  };
}

function renderPage(url: string) {
  return renderAt(url, '/ss', <ReportPage />).router;
}

const airingsTile = () => within(screen.getAllByTestId('kpi-tile')[0]!);

beforeAll(stubResizeObserver);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stubResizeObserver();
});

describe('drill-down on the report screen', () => {
  test('a station row filters the whole report; old figures stay until the new arrive; the chip lives in the URL; back restores', async () => {
    // Prepare: the drill-down answer is held back until released.
    const report = fixtureReport();
    const held = deferred<Answer>();
    const calls = fakeReportApi({
      fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
      get_report: { result: report },
      fetch_drilldowns: () => held.promise,
    });
    const router = renderPage('/ss?client=demo-coffee&tab=station');
    await screen.findByRole('button', { name: 'Filter the report by station WAOW-TV' });
    expect(airingsTile().getByText('358')).toBeTruthy();

    // Act: drill into the station from its label button.
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Filter the report by station WAOW-TV' })),
    );

    // Assert: the request, the chip, and the previous figures still on screen.
    expect(calls.filter((c) => c.name === 'fetch_drilldowns').map((c) => c.input)).toEqual([
      {
        client_uid: 'demo-coffee',
        report_id: 'rep_demo_1',
        filters: {
          broadcast_type: 'all',
          drill: [{ dimension: 'station', key: 'station:waow-tv' }],
        },
      },
    ]);
    const chips = screen.getByRole('region', { name: 'Active filters' });
    expect(chips.textContent).toContain('Station: WAOW-TV');
    expect(within(chips).getByRole('status').textContent).toBe('Updating…');
    expect(airingsTile().getByText('358')).toBeTruthy();
    expect(router.state.location.search).toContain('drill=station%3Astation%3Awaow-tv');

    // Act: the filtered view arrives.
    await act(async () => held.resolve({ result: stationView(report) }));

    // Assert: the figures are the station's; the report moved on to the station's programs.
    await waitFor(() => expect(airingsTile().getByText('61')).toBeTruthy());
    expect(screen.getByRole('tab', { name: 'Program' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('status', { name: /Updating/ })).toBeNull();

    // Act: the back button.
    await act(async () => router.navigate(-1));

    // Assert: unfiltered again, straight from the report (no new request).
    await waitFor(() => expect(airingsTile().getByText('358')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Active filters' })).toBeNull();
    expect(calls.filter((c) => c.name === 'fetch_drilldowns')).toHaveLength(1);
  });

  test('a shared link with a drill filter opens filtered, and its chip is removable by keyboard', async () => {
    const report = fixtureReport();
    fakeReportApi({
      fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
      get_report: { result: report },
      fetch_drilldowns: { result: stationView(report) },
    });
    const router = renderPage('/ss?client=demo-coffee&drill=station:station:waow-tv');

    await waitFor(() => expect(airingsTile().getByText('61')).toBeTruthy());
    const remove = screen.getByRole('button', { name: 'Remove filter Station WAOW-TV' });
    remove.focus();
    await act(async () => fireEvent.click(remove));

    expect(router.state.location.search).not.toContain('drill=');
    await waitFor(() => expect(airingsTile().getByText('358')).toBeTruthy());
  });

  test('a failed drill-down (e.g. 404 for a client that is not yours) keeps the figures and says so', async () => {
    const report = fixtureReport();
    fakeReportApi({
      fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
      get_report: { result: report },
      fetch_drilldowns: { status: 404, code: 'not_found', message: 'Report not found.' },
    });
    renderPage('/ss?client=demo-coffee&drill=daypart:daypart:prime-time');

    expect(await screen.findByText(/filtered figures could not be loaded/)).toBeTruthy();
    expect(airingsTile().getByText('358')).toBeTruthy();
  });
});

describe('tab groups and runs', () => {
  test('a podcast group loads its rows from fetch_stream_drilldowns', async () => {
    const report = fixtureReport({ station_types: ['tv', 'podcast'] });
    const pod = report.tables.station.slice(0, 1).map((r) => ({
      ...r,
      label: 'Morning Pod',
      type: 'podcast',
      impressions: 20_000,
      visits_per_impression: 0.0042,
    }));
    const calls = fakeReportApi({
      fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
      get_report: { result: report },
      fetch_stream_drilldowns: {
        result: {
          report_id: report.report_id,
          filters: { broadcast_type: 'podcast', drill: [] },
          main: { summary: report.summary, tables: { ...report.tables, station: pod } },
          compare: null,
        },
      },
    });
    renderPage('/ss?client=demo-coffee&tab=station');
    await screen.findByRole('radio', { name: 'Podcast' });

    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Podcast' })));

    expect(await screen.findByText('Morning Pod')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /VPD/ })).toBeTruthy();
    expect(calls.find((c) => c.name === 'fetch_stream_drilldowns')?.input).toMatchObject({
      filters: { broadcast_type: 'podcast', drill: [] },
    });
  });

  test('Run report sends the date range and a custom comparison range', async () => {
    const calls = fakeReportApi({
      fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
      get_report: { result: fixtureReport() },
      perform_report: { result: { report_id: 'rep_2', session_uid: 'ses_2' } },
      queue_monitor: { result: { queues: [] } },
    });
    renderPage('/ss?client=demo-coffee');
    const mode = await screen.findByLabelText('Compare to');
    expect((mode as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Previous period (01/29/2024 – 03/03/2024)',
    );

    await act(async () => fireEvent.change(mode, { target: { value: 'custom' } }));
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Comparison start date'), {
        target: { value: '2023-03-04' },
      }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Comparison end date'), {
        target: { value: '2023-04-07' },
      }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Run report' })));

    expect(calls.find((c) => c.name === 'perform_report')?.input).toEqual({
      client_uid: 'demo-coffee',
      window: 8,
      attribution_method: 'sessions',
      date_start: '2024-03-04',
      date_end: '2024-04-07',
      compare_date_start: '2023-03-04',
      compare_date_end: '2023-04-07',
    });
  });

  test('an overlapping comparison range is refused with a message and no run', async () => {
    const calls = fakeReportApi({
      fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
      get_report: { result: fixtureReport() },
    });
    renderPage('/ss?client=demo-coffee');
    const mode = await screen.findByLabelText('Compare to');

    await act(async () => fireEvent.change(mode, { target: { value: 'custom' } }));
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Comparison end date'), {
        target: { value: '2024-03-10' },
      }),
    );

    expect(screen.getByText(/must not overlap the report period/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run report' }).hasAttribute('disabled')).toBe(true);
    expect(calls.some((c) => c.name === 'perform_report')).toBe(false);
  });
});

describe('what the user may do with the client on screen (its perms)', () => {
  const NONE = { view: true, edit: false, import: false, share: false, schedule: false };
  const ALL = { view: true, edit: true, import: true, share: true, schedule: true };
  const SHARED = { ...CLIENT, client_uid: 'acme', name: 'Acme Mattress', demo: false };

  function openWith(client: Record<string, unknown>) {
    const calls = fakeReportApi({
      fetch_companies: { result: { clients: [client], total_clients: 1 } },
      get_report: { result: fixtureReport({ client_uid: String(client.client_uid) }) },
      perform_report: { result: { report_id: 'rep_2', session_uid: 'ses_2' } },
      queue_monitor: { result: { queues: [] } },
    });
    renderPage(`/ss?client=${client.client_uid}`);
    return calls;
  }

  test.each([
    [
      'a view-only sharee',
      { ...SHARED, perms: NONE, shared: true },
      'You can view this client; running reports needs edit permission.',
    ],
    [
      'anyone but staff on the sample client',
      { ...CLIENT, perms: NONE },
      'Sample clients are read-only.',
    ],
  ])(
    '%s sees Run report off, with the reason next to it, and runs nothing',
    async (_who, client, reason) => {
      const calls = openWith(client);
      const run = await screen.findByRole('button', { name: 'Run report' });
      await screen.findAllByTestId('kpi-tile');

      await act(async () => fireEvent.click(run));

      expect(run.hasAttribute('disabled')).toBe(true);
      const described = run.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(described)?.textContent).toBe(reason);
      expect(calls.some((c) => c.name === 'perform_report')).toBe(false);
    },
  );

  test('staff on the sample client (edit) may run it', async () => {
    const calls = openWith({ ...CLIENT, perms: ALL });
    const run = await screen.findByRole('button', { name: 'Run report' });
    await screen.findAllByTestId('kpi-tile');

    await act(async () => fireEvent.click(run));

    expect(screen.queryByText('Sample clients are read-only.')).toBeNull();
    expect(calls.some((c) => c.name === 'perform_report')).toBe(true);
  });

  test('without import, the client’s visits and foot-traffic uploads are not offered; a post-log (own advertisers) still is', async () => {
    openWith({ ...SHARED, perms: { ...NONE, edit: true }, shared: true });
    await screen.findAllByTestId('kpi-tile');

    const uploads = screen.getByRole('region', { name: 'Data uploads' });
    const postlog = within(uploads).getByRole('heading', { name: 'Post-log' }).parentElement!;
    const visits = within(uploads).getByRole('heading', { name: 'Visits' }).parentElement!;
    expect(within(postlog).getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(within(uploads).getAllByRole('button', { name: 'Upload' })).toHaveLength(1);
    expect(visits.textContent).toContain(
      'You can view Acme Mattress; uploading its data needs import permission.',
    );
  });
});
