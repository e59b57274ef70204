// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PrintDialog } from '../../../web/src/report/print-dialog';
import { fakeReportApi } from '../support/report-api';
import { springCampaign } from '../support/spring-campaign';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RESULT = {
  url: 'http://127.0.0.1:4569/reports/print-abc.pdf?X-Amz-Signature=1',
  pages: 4,
  bytes: 40_000,
  file_name: 'acme-mattress-03-01-2024-to-03-31-2024.pdf',
};

const SPRING = springCampaign('client-a');

function renderDialog(campaignUid?: string) {
  const calls = fakeReportApi({
    print_report: { result: RESULT },
    client_campaigns: { result: { client_uid: 'client-a', campaigns: [SPRING] } },
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PrintDialog
        clientUid="client-a"
        reportId="r-1"
        campaignUid={campaignUid}
        onClose={() => {}}
        open={() => {}}
      />
    </SWRConfig>,
  );
  return calls;
}

describe('printing a report scoped to a campaign', () => {
  test('asks for the campaign scope and says which campaign and flight will print', async () => {
    const calls = renderDialog('k-1');

    expect((await screen.findByText(/Spring sale/)).closest('p')?.textContent).toContain(
      'Only the airings of the campaign Spring sale (flight 03/04/2024 – 03/17/2024)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(calls.some((c) => c.name === 'print_report')).toBe(true));
    expect(calls.find((c) => c.name === 'print_report')?.input).toMatchObject({
      client_uid: 'client-a',
      report_id: 'r-1',
      campaign_uid: 'k-1',
    });
  });

  test('an unscoped report prints whole and sends no campaign', async () => {
    const calls = renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(calls.some((c) => c.name === 'print_report')).toBe(true));
    expect(calls.find((c) => c.name === 'print_report')?.input).not.toHaveProperty('campaign_uid');
    expect(screen.queryByText(/Only the airings of the campaign/)).toBeNull();
  });
});
