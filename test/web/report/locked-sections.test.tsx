// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { BroadcastRow, ReportView } from '#shared/contracts/report.schema';
import { readReportUrl } from '../../../web/src/lib/report-url';
import { ReportBody } from '../../../web/src/report/report-body';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { stubResizeObserver } from '../support/resize-observer';

beforeAll(stubResizeObserver);

afterEach(cleanup);

/** The fixture report as get_report answers a caller past the free reports without the unlocks. */
function lockedReport(): ReportView {
  const report = fixtureReport();
  const tables: Partial<Record<string, BroadcastRow[]>> = {};
  for (const [d, rows] of Object.entries(report.tables))
    tables[d] = d === 'creative' ? [] : rows.map((r): BroadcastRow => ({ ...r, creatives: [] }));
  return {
    ...report,
    max_reports: true,
    tables: tables as ReportView['tables'],
    foot_traffic: null,
    locked_sections: ['creatives', 'foot_traffic'],
  };
}

function renderBody(report: ReportView, query: string) {
  render(
    <MemoryRouter>
      <ReportBody
        report={report}
        url={readReportUrl(new URLSearchParams(query))}
        onUrlChange={() => {}}
        timeZone="UTC"
      />
    </MemoryRouter>,
  );
}

describe('report sections sold one by one, locked', () => {
  test('the Creative tab stays, showing a locked panel with Unlock instead of the table', () => {
    renderBody(lockedReport(), 'tab=creative');

    expect(screen.getByRole('tab', { name: 'Creative' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const locked = within(screen.getByRole('region', { name: 'Creative (locked)' }));
    expect(locked.getByText(/You have used your two free reports/)).toBeTruthy();
    expect(
      locked.getByRole('link', { name: 'Unlock Advertiser Insights' }).getAttribute('href'),
    ).toBe('/plans?product=advertiser');
    expect(locked.getByRole('link', { name: /Creative alone, \$25\/month/ })).toBeTruthy();
    expect(screen.queryByText('Fresh Roast 30')).toBeNull();
  });

  test('the foot traffic card shows locked, with Unlock', () => {
    renderBody(lockedReport(), 'tab=station');

    const locked = within(screen.getByRole('region', { name: 'Foot traffic (locked)' }));
    expect(locked.getByRole('link', { name: 'Unlock Advertiser Insights' })).toBeTruthy();
    expect(locked.getByRole('link', { name: /Foot traffic alone, \$25\/month/ })).toBeTruthy();
  });

  test('an unlocked report shows no locked panels', () => {
    renderBody(fixtureReport(), 'tab=creative');

    expect(screen.queryByRole('region', { name: /\(locked\)/ })).toBeNull();
    expect(screen.getAllByText('Fresh Roast 30').length).toBeGreaterThan(0);
  });
});
