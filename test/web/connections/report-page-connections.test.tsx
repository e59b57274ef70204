// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ReportPage } from '../../../web/src/report/report-page';
import { renderAt } from '../auth/render-at';
import { fakeReportApi } from '../support/report-api';
import { ACME_CLIENT as CLIENT } from '../support/report-client';
import { stubResizeObserver } from '../support/resize-observer';

beforeAll(stubResizeObserver);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('report screen: the client’s connections', () => {
  test('the selected client’s Connections panel sits under its data uploads', async () => {
    const calls = fakeReportApi({
      fetch_companies: { result: { clients: [CLIENT], total_clients: 1 } },
      get_report: { status: 404, code: 'not_found', message: 'Report not found.' },
      get_connections: {
        result: {
          status: 'almost_connected',
          connections: [],
          requests: [],
          viewer_properties: [],
          service_account_email: '',
          can_edit: true,
        },
      },
    });
    renderAt('/ss?client=c1', '/ss', <ReportPage />);

    const panel = await screen.findByRole('region', { name: /Website analytics/ });
    expect(within(panel).getByText('Request sent, not finished').textContent).toBe(
      'Status: Request sent, not finished',
    );
    const uploads = screen.getByRole('region', { name: 'Data uploads' });
    expect(uploads.compareDocumentPosition(panel)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(calls.find((c) => c.name === 'get_connections')?.input).toEqual({ cid: 'c1' });
  });
});
