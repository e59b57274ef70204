// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ReportUrlPatch } from '../../../web/src/lib/report-url';
import { readReportUrl } from '../../../web/src/lib/report-url';
import { ReportBody } from '../../../web/src/report/report-body';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { fakeReportApi } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';
import { springCampaign } from '../support/spring-campaign';

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = fixtureReport();
const SPRING = springCampaign(report.client_uid);

function renderScoped(onUrlChange: (p: ReportUrlPatch) => void, campaigns = [SPRING]) {
  const scopedSummary = {
    ...report.summary,
    airings: 7,
    attributed_visits: 60,
    cost_cents: 200_000,
  };
  const calls = fakeReportApi({
    client_campaigns: { result: { client_uid: report.client_uid, campaigns } },
    fetch_drilldowns: (input) => ({
      result: {
        report_id: report.report_id,
        filters: input.filters,
        main: { summary: scopedSummary, tables: report.tables },
        compare: null,
      },
    }),
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ReportBody
        report={report}
        url={readReportUrl(new URLSearchParams('campaign=k-1'))}
        onUrlChange={onUrlChange}
        timeZone="UTC"
      />
    </SWRConfig>,
  );
  return calls;
}

describe('the report scoped to a campaign', () => {
  test('asks the server for the campaign scope, shows the chip and the pacing of the scoped figures', async () => {
    const calls = renderScoped(() => {});

    const pacing = await screen.findByTestId('campaign-pacing');

    const drill = calls.find((c) => c.name === 'fetch_drilldowns');
    expect(drill?.input).toMatchObject({ filters: { campaign_uid: 'k-1' } });
    const chips = screen.getByTestId('filter-chips');
    await waitFor(() => expect(chips.textContent).toContain('Campaign: Spring sale'));
    expect(within(pacing).getByText('$2,000.00')).toBeTruthy();
    expect(pacing.textContent).toContain('of $5,000.00 (40%)');
    expect(pacing.textContent).toContain('60 visits (60% of goal)');
  });

  test('removing the chip drops the campaign from the URL', async () => {
    const patches: ReportUrlPatch[] = [];
    renderScoped((p) => patches.push(p));

    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove filter Campaign Spring sale' }),
    );

    expect(patches).toContainEqual({ campaign: null });
  });

  test('a campaign the client does not hold (deleted, or a link to another client) is dropped from the URL', async () => {
    const patches: ReportUrlPatch[] = [];
    renderScoped((p) => patches.push(p), []);

    await waitFor(() => expect(patches).toContainEqual({ campaign: null }));
  });
});
