// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  type BroadcastRow,
  type DimensionKey,
  dimensionSchema,
  type FootTrafficResult,
  type ReportSummary,
} from '#shared/contracts/report.schema';
import { readReportUrl } from '../../../web/src/lib/report-url';
import { FootTrafficCard, type FootTrafficView } from '../../../web/src/report/foot-traffic-card';
import { ReportBody } from '../../../web/src/report/report-body';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { broadcastRow } from '../../support/broadcast-row';
import { stubResizeObserver } from '../support/resize-observer';

// The `regions` route names the DMAs; 803 is missing from it on purpose.
const READY_REGIONS = {
  status: 'ready',
  items: [
    { id: '501', name: 'New York, NY', parent: 'NY' },
    { id: '602', name: 'Chicago, IL', parent: 'IL' },
  ],
} as const;
const lookup: { regions: { status: string } } = { regions: READY_REGIONS };
vi.mock('../../../web/src/auth/use-lookups', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/auth/use-lookups')>()),
  useRegions: () => lookup.regions,
}));

beforeAll(stubResizeObserver);

afterEach(() => {
  cleanup();
  lookup.regions = READY_REGIONS;
});

const summary: ReportSummary = {
  airings: 358,
  total_visits: 12_345,
  attributed_visits: 412.6,
  observed_visits: 3000,
  expected_visits: 900,
  vpa: 1.1523,
  lift_share: 0.034,
  relative_lift: 0.12,
  relative_lift_low: 0.06,
  on_air_per_minute: 1,
  off_air_per_minute: 1,
  on_air_per_day: null,
  off_air_per_day: null,
  cost_cents: null,
  cost_per_visit_cents: null,
  significant_airings: 7,
  dispersion: 1,
  claim_holds: true,
};

/** Every dimension's table, empty unless given. */
function tables(given: Partial<Record<DimensionKey, BroadcastRow[]>> = {}) {
  const empty = dimensionSchema.options.map((key) => [key, given[key] ?? []] as const);
  return Object.fromEntries(empty) as Record<DimensionKey, BroadcastRow[]>;
}

function footTraffic(overrides: Partial<FootTrafficResult> = {}): FootTrafficResult {
  return {
    resolution: 'minute',
    summary,
    tables: tables({
      daypart: [broadcastRow('Morning', 100, 80), broadcastRow('Prime', 50, 90)],
      station: [broadcastRow('WAAA', 10, 30), broadcastRow('WBBB', 10, 80)],
    }),
    // Deliberately not in visits order: the table sorts.
    locations: [
      { location_id: 'store-2', dma_code: '803', visits: 1500, share: 0.15 },
      { location_id: 'store-1', dma_code: '501', visits: 5210, share: 0.521 },
      { location_id: 'store-3', dma_code: '', visits: 3290, share: 0.329 },
    ],
    ...overrides,
  };
}

function view(foot: FootTrafficResult | null | undefined): FootTrafficView {
  return {
    foot_traffic: foot,
    settings: { window: 8, attribution_method: 'sessions', resolution: 'minute' },
    advertiser: 'Acme',
    report_date_start: '2024-03-01',
    report_date_end: '2024-03-31',
  };
}

/** Tile label -> value text. */
function tiles(): Record<string, string> {
  return Object.fromEntries(
    screen
      .getAllByTestId('foot-traffic-tile')
      .map((tile) => [
        tile.querySelector('.kpi__label')?.textContent,
        tile.querySelector('.kpi__value')?.textContent,
      ]),
  );
}

/** Body rows of the open table as arrays of cell texts. */
function bodyRows(): string[][] {
  const table = within(screen.getByRole('tabpanel')).getByRole('table');
  const body = within(table).getAllByRole('rowgroup')[1]!;
  return within(body)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

describe('foot traffic card', () => {
  test.each([null, undefined])('renders nothing when foot_traffic is %s', (foot) => {
    const { container } = render(<FootTrafficCard view={view(foot)} />);

    expect(container.innerHTML).toBe('');
  });

  test('shows the store-visit KPIs with the significant airings out of all airings', () => {
    render(<FootTrafficCard view={view(footTraffic())} />);

    expect(screen.getByRole('heading', { level: 2, name: 'Foot traffic' })).toBeTruthy();
    expect(tiles()).toEqual({
      'Store visits': '12.3k',
      'Attributed store visits': '413',
      'Store visits per airing': '1.15',
      'Share of store visits': '3.4%',
      'Significant airings': '7 of 358',
    });
    expect(screen.getByText('Significant at 95%')).toBeTruthy();
    expect(screen.queryByText(/Hourly data/)).toBeNull();
  });

  test('a negative attributed value displays as 0 with the raw value on hover', () => {
    const negative = { ...summary, attributed_visits: -12.5, vpa: -0.03, lift_share: -0.01 };
    render(<FootTrafficCard view={view(footTraffic({ summary: negative }))} />);

    expect(tiles()['Attributed store visits']).toBe('0');
    expect(tiles()['Store visits per airing']).toBe('0.00');
    expect(tiles()['Share of store visits']).toBe('0.0%');
    expect(screen.getByTitle('Raw value: -12.50')).toBeTruthy();
  });

  test('thin store visits are called directional instead of significant', () => {
    const thin = { ...summary, expected_visits: 3, claim_holds: true };
    render(<FootTrafficCard view={view(footTraffic({ summary: thin }))} />);

    expect(screen.getByText('Directional')).toBeTruthy();
    expect(screen.queryByText('Significant at 95%')).toBeNull();
  });

  test('hourly foot traffic counts the clock hour of an airing and says its intervals are wider', () => {
    render(<FootTrafficCard view={view(footTraffic({ resolution: 'hour' }))} />);

    expect(screen.getByText(/Hourly data: wider intervals/)).toBeTruthy();
    expect(screen.getByText('In the clock hour of an airing (hourly data)')).toBeTruthy();
    expect(screen.queryByText(/within 8 minutes/i)).toBeNull();
  });

  test('minute foot traffic counts the minutes of the window', () => {
    render(<FootTrafficCard view={view(footTraffic())} />);

    expect(screen.getByText('Within 8 minutes of an airing')).toBeTruthy();
  });

  test('shows tabs only for tables with rows, plus Locations; arrows move between them', () => {
    render(<FootTrafficCard view={view(footTraffic())} />);

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Daypart', 'Station', 'Locations']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });

    expect(screen.getByRole('tab', { name: 'Station' }).getAttribute('aria-selected')).toBe('true');
    expect(bodyRows().map((r) => r[0])).toEqual(['WBBB', 'WAAA']);
  });

  test('dimension tables say store visits and do not drill', () => {
    render(<FootTrafficCard view={view(footTraffic())} />);

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('columnheader', { name: /^Store visits/ })).toBeTruthy();
    expect(within(panel).queryByRole('columnheader', { name: /^Visits/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Filter the report/ })).toBeNull();
  });

  test('the Locations tab lists locations by store visits with market names and shares', () => {
    render(<FootTrafficCard view={view(footTraffic())} />);

    fireEvent.click(screen.getByRole('tab', { name: 'Locations' }));

    expect(bodyRows()).toEqual([
      ['store-1', 'New York, NY', '5,210', '52.1%'],
      ['store-3', 'Unknown', '3,290', '32.9%'],
      ['store-2', '803', '1,500', '15.0%'],
    ]);
    const visits = screen.getByRole('columnheader', { name: /Store visits/ });
    expect(visits.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(visits).getByRole('button'));

    expect(visits.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows().map((r) => r[0])).toEqual(['store-2', 'store-3', 'store-1']);
  });

  test('market names that arrive after the table is shown replace the DMA codes', () => {
    lookup.regions = { status: 'loading' };
    const { rerender } = render(<FootTrafficCard view={view(footTraffic())} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Locations' }));
    expect(bodyRows()[0]?.[1]).toBe('501');

    lookup.regions = READY_REGIONS;
    rerender(<FootTrafficCard view={view(footTraffic())} />);

    expect(bodyRows()[0]?.[1]).toBe('New York, NY');
  });

  test('with no airings in the period it says so and still lists the locations', () => {
    const none = { ...summary, airings: 0, significant_airings: 0 };
    render(<FootTrafficCard view={view(footTraffic({ summary: none, tables: tables() }))} />);

    expect(screen.getByText(/No airings in this period/)).toBeTruthy();
    expect(screen.queryAllByTestId('foot-traffic-tile')).toHaveLength(0);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Locations']);
  });

  test('the report body shows the card after the breakdowns when the report has foot traffic', () => {
    const report = fixtureReport({ foot_traffic: footTraffic() });
    render(
      <ReportBody
        report={report}
        url={readReportUrl(new URLSearchParams())}
        onUrlChange={() => {}}
        timeZone="UTC"
      />,
    );

    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.indexOf('Foot traffic')).toBe(titles.indexOf('Breakdowns') + 1);
  });
});
