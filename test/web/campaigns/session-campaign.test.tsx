// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  window.sessionStorage.clear();
});

const report = fixtureReport();
const SPRING = springCampaign(report.client_uid);

function renderReport(search: string, patches: ReportUrlPatch[] = []) {
  const calls = fakeReportApi({
    client_campaigns: { result: { client_uid: report.client_uid, campaigns: [SPRING] } },
    fetch_drilldowns: (input) => ({
      result: {
        report_id: report.report_id,
        filters: input.filters,
        main: { summary: report.summary, tables: report.tables },
        compare: null,
      },
    }),
    update_session_campaign: (input) => ({
      result: {
        session_uid: input.session_uid,
        client_uid: report.client_uid,
        campaign: input.campaign_uid ? SPRING : null,
      },
    }),
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ReportBody
        report={report}
        url={readReportUrl(new URLSearchParams(search))}
        onUrlChange={(p) => patches.push(p)}
        timeZone="UTC"
      />
    </SWRConfig>,
  );
  return calls;
}

const sessionCalls = (calls: ReturnType<typeof fakeReportApi>) =>
  calls.filter((c) => c.name === 'update_session_campaign').map((c) => c.input);

describe("the report session records the report's campaign", () => {
  test('choosing a campaign records it on the report session and scopes the URL', async () => {
    const patches: ReportUrlPatch[] = [];
    const calls = renderReport('', patches);

    await screen.findByRole('option', { name: 'Spring sale' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Campaign' }), {
      target: { value: 'k-1' },
    });

    await waitFor(() => expect(sessionCalls(calls)).toHaveLength(1));
    const [recorded] = sessionCalls(calls);
    expect(recorded).toEqual({
      session_uid: expect.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
      client_uid: report.client_uid,
      campaign_uid: 'k-1',
    });
    expect(patches).toContainEqual({ campaign: 'k-1' });
  });

  test('removing the campaign chip clears it on the same report session (null)', async () => {
    const patches: ReportUrlPatch[] = [];
    const calls = renderReport('', patches);
    await screen.findByRole('option', { name: 'Spring sale' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Campaign' }), {
      target: { value: 'k-1' },
    });
    await waitFor(() => expect(sessionCalls(calls)).toHaveLength(1));
    cleanup();
    const scoped = renderReport('campaign=k-1', patches);

    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove filter Campaign Spring sale' }),
    );

    await waitFor(() => expect(sessionCalls(scoped)).toHaveLength(1));
    expect(sessionCalls(scoped)[0]).toEqual({
      session_uid: sessionCalls(calls)[0]?.session_uid,
      client_uid: report.client_uid,
      campaign_uid: null,
    });
    expect(patches).toContainEqual({ campaign: null });
  });

  test('loading a report without touching the campaign records nothing', async () => {
    const calls = renderReport('campaign=k-1');

    await screen.findByTestId('campaign-pacing');

    expect(sessionCalls(calls)).toEqual([]);
  });
});
