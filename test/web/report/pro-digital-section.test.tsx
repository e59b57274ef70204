// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ReportView } from '#shared/contracts/report.schema';
import { readReportUrl } from '../../../web/src/lib/report-url';
import { ReportBody } from '../../../web/src/report/report-body';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { proDigitalSection } from '../../lambdas/reports/pro-digital-fixture';
import { stubResizeObserver } from '../support/resize-observer';

beforeAll(stubResizeObserver);

afterEach(cleanup);

function renderBody(report: ReportView) {
  render(
    <MemoryRouter>
      <ReportBody
        report={report}
        url={readReportUrl(new URLSearchParams('tab=station'))}
        onUrlChange={() => {}}
        timeZone="UTC"
      />
    </MemoryRouter>,
  );
}

const section = () => within(screen.getByRole('region', { name: 'Pro Digital' }));

describe('the Pro Digital section of the report', () => {
  test('website impact: each metric in the airing windows against its baseline, with the change', () => {
    renderBody(fixtureReport({ pro_digital: proDigitalSection() }));

    const impact = section().getByRole('figure', { name: /^New-user share:/ });
    expect(impact.getAttribute('aria-label')).toBe(
      'New-user share: 42.0% in airing windows, 31.0% baseline, change +11.0 pts',
    );
    expect(section().getByRole('figure', { name: /^Avg\. engagement time: 1m 14s/ })).toBeTruthy();
    expect(section().getByText('vs 55.0% baseline')).toBeTruthy();
    expect(section().queryByText(/not available/i)).toBeNull();
  });

  test('the bar charts are hidden from assistive tech and take no keyboard focus', () => {
    renderBody(fixtureReport({ pro_digital: proDigitalSection() }));

    const region = screen.getByRole('region', { name: 'Pro Digital' });
    const hidden = [...region.querySelectorAll('[aria-hidden="true"]')];
    expect(hidden.length).toBeGreaterThan(0);
    // Reachable with Tab: a tabindex of 0 or more (recharts' own layers carry -1).
    const tabbable = hidden.flatMap((h) => [
      ...h.querySelectorAll('[tabindex]:not([tabindex^="-"]), a[href], button'),
    ]);
    expect(tabbable.map((el) => el.outerHTML.slice(0, 60))).toEqual([]);
  });

  test('detailed metrics: a table per station, daypart and creative, thin rows directional', () => {
    renderBody(fixtureReport({ pro_digital: proDigitalSection() }));

    const tabs = section().getByRole('tablist', { name: 'Detailed digital metrics' });
    const station = section().getByRole('table');
    expect(within(station).getByRole('rowheader', { name: 'WDIGI' })).toBeTruthy();
    expect(
      within(station)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Station',
      'Airings',
      'Sessions in windows',
      'New-user share',
      'Engaged-session rate',
      'Avg. engagement time',
    ]);

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Daypart' }));

    const dayparts = section().getByRole('table');
    const morning = within(dayparts).getByRole('rowheader', { name: /Morning/ });
    expect(within(morning).getByText('directional')).toBeTruthy();
    expect(within(dayparts).getByRole('rowheader', { name: 'Prime' })).toBeTruthy();
  });

  test('visits without engagement data say so instead of showing zeros', () => {
    const base = proDigitalSection();
    renderBody(
      fixtureReport({
        pro_digital: {
          ...base,
          available: { new_user_share: true, engaged_rate: false, engagement_time_s: false },
        },
      }),
    );

    expect(section().getByRole('note').textContent).toMatch(
      /Engaged-session rate and engagement time are not available/,
    );
    expect(section().getAllByText('Not available')).toHaveLength(2);
    expect(section().queryByRole('columnheader', { name: 'Engaged-session rate' })).toBeNull();
    expect(section().queryByText('0.0%')).toBeNull();
  });

  test('locked parts show Unlock with their own price, and no figures', () => {
    renderBody(
      fixtureReport({
        max_reports: true,
        pro_digital: { ...proDigitalSection(), overall: null, tables: null },
        locked_sections: ['website_impact', 'detailed_digital_metrics'],
      }),
    );

    const impact = within(section().getByRole('region', { name: 'Website impact (locked)' }));
    expect(impact.getByRole('link', { name: /Website impact alone, \$25\/month/ })).toBeTruthy();
    const detailed = within(
      section().getByRole('region', { name: 'Detailed digital metrics (locked)' }),
    );
    expect(
      detailed.getByRole('link', { name: /Detailed digital metrics alone, \$25\/month/ }),
    ).toBeTruthy();
    expect(section().queryByRole('table')).toBeNull();
    expect(section().queryByText('WDIGI')).toBeNull();
  });

  test('a report stored before the section existed shows none', () => {
    renderBody(fixtureReport());

    expect(screen.queryByRole('region', { name: 'Pro Digital' })).toBeNull();
  });
});

describe('the hourly-visits notice near the chart', () => {
  test('says the visits are hourly and which Google Analytics property gives only hours, and why', () => {
    renderBody(
      fixtureReport({
        settings: { window: 8, attribution_method: 'sessions', resolution: 'hour' },
        visits_hourly: {
          source: 'google_analytics',
          properties: [{ name: 'Acme web', reason: 'Google withholds minute data' }],
        },
      }),
    );

    expect(screen.getByTestId('hourly-notice').textContent).toBe(
      'These website visits are hourly: Google Analytics gives only hourly data for “Acme web” (Google withholds minute data). Each airing is credited with the clock hour it aired in rather than the minutes right after it, so its response is spread over 60 minutes and the ranges are wider.',
    );
  });

  test('an hourly upload is named as such; minute visits get no notice', () => {
    renderBody(
      fixtureReport({
        settings: { window: 8, attribution_method: 'sessions', resolution: 'hour' },
        visits_hourly: { source: 'upload', properties: [] },
      }),
    );
    expect(screen.getByTestId('hourly-notice').textContent).toMatch(
      /the visits file uploaded for this client gives hours \(hour_utc\)/,
    );
    cleanup();

    renderBody(fixtureReport());

    expect(screen.queryByTestId('hourly-notice')).toBeNull();
  });
});
