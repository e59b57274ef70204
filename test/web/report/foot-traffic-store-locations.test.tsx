// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { dimensionSchema, type FootTrafficResult } from '#shared/contracts/report.schema';
import { FootTrafficCard, type FootTrafficView } from '../../../web/src/report/foot-traffic-card';
import { fakeReportApi } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';

vi.mock('../../../web/src/auth/use-lookups', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/auth/use-lookups')>()),
  useRegions: () => ({
    status: 'ready',
    items: [{ id: '501', name: 'New York, NY', parent: 'NY' }],
  }),
}));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function foot(over: Partial<FootTrafficResult> = {}): FootTrafficResult {
  return {
    resolution: 'minute',
    summary: {
      airings: 3,
      total_visits: 1000,
      attributed_visits: 40,
      observed_visits: 300,
      expected_visits: 90,
      vpa: 1.2,
      lift_share: 0.03,
      relative_lift: 0.1,
      relative_lift_low: 0.05,
      on_air_per_minute: 1,
      off_air_per_minute: 1,
      on_air_per_day: null,
      off_air_per_day: null,
      cost_cents: null,
      cost_per_visit_cents: null,
      significant_airings: 1,
      dispersion: 1,
      claim_holds: false,
    },
    tables: Object.fromEntries(dimensionSchema.options.map((k) => [k, []])) as never,
    locations: [
      { location_id: 'NYC-12', dma_code: '501', visits: 600, share: 0.6, nickname: 'Flagship' },
      { location_id: 'LA-3', dma_code: '501', visits: 400, share: 0.4 },
    ],
    ...over,
  };
}

const view = (f: FootTrafficResult): FootTrafficView => ({
  foot_traffic: f,
  settings: { window: 8, attribution_method: 'sessions', resolution: 'minute' },
  advertiser: 'Acme',
  report_date_start: '2024-03-01',
  report_date_end: '2024-03-31',
});

describe('foot traffic card and store locations', () => {
  test('the Locations tab shows a store by its nickname, with its store id beside it', () => {
    render(<FootTrafficCard view={view(foot())} />);

    const table = within(screen.getByRole('tabpanel')).getByRole('table');
    const first = within(table).getAllByRole('row')[1];
    expect(first?.textContent).toContain('Flagship (NYC-12)');
  });

  test('the card says store visits outside opening hours are not counted, only when some store has hours', () => {
    const { unmount } = render(
      <FootTrafficCard view={view(foot({ outside_hours_excluded: true }))} />,
    );
    expect(document.querySelector('.foot-traffic__hours')?.textContent).toContain(
      'Store visits outside opening hours are not counted.',
    );
    unmount();

    render(<FootTrafficCard view={view(foot())} />);
    expect(screen.queryByText(/outside opening hours/)).toBeNull();
  });

  test('Manage locations is offered only when the caller may edit, and opens the locations dialog', async () => {
    fakeReportApi({
      fetch_locations: { result: { client_uid: 'c1', locations: [] } },
    });
    const { unmount } = render(<FootTrafficCard view={view(foot())} />);
    expect(screen.queryByRole('button', { name: 'Manage locations' })).toBeNull();
    unmount();

    render(<FootTrafficCard view={view(foot())} locationsClient={{ uid: 'c1', name: 'Acme' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage locations' }));

    const dialog = screen.getByRole('dialog', { name: 'Store locations: Acme' });
    await waitFor(() => expect(dialog.textContent).toContain('No store locations yet.'));
  });
});
