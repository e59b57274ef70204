// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import { GeneratedPage } from '../../../web/src/families/generated-page';
import { renderAt } from '../auth/render-at';
import { fakeReportApi } from '../support/report-api';

const campaign = (over: Partial<Campaign>): Campaign => ({
  campaign_uid: 'camp-fall',
  client_uid: 'acme',
  name: 'Fall push',
  flight_start: '2026-10-10',
  flight_end: '2026-11-20',
  budget_cents: 0,
  goal: { kind: 'visits', target: 100 },
  station_ids: [],
  creative_ids: [],
  dmas: [],
  created_at: '2026-09-01T00:00:00.000Z',
  updated_at: '2026-09-01T00:00:00.000Z',
  ...over,
});

const JOB = {
  job_id: 'job-1',
  kind: 'monthly',
  status: 'running',
  progress: 10,
  label: 'Acme: October 2026',
  created_at: '2026-11-26T12:00:00.000Z',
};

/** The page with one client (Acme: October and September 2026) and one organisation. */
function openPage() {
  const calls = fakeReportApi({
    monthly_report_options: {
      result: {
        clients: [{ client_uid: 'acme', name: 'Acme', periods: ['2026-10', '2026-09'] }],
        recent: [],
      },
    },
    station_group_options: {
      result: {
        station_groups: [],
        stations: [
          { id: 'KADMO', clients: 1, months: ['2026-10'] },
          { id: 'WBDMO', clients: 2, months: ['2026-10'] },
        ],
        organisations: [{ id: 'org-1', name: 'Acme Group', clients: 3 }],
        advertisers: [],
      },
    },
    client_campaigns: {
      result: {
        client_uid: 'acme',
        campaigns: [
          campaign({}),
          campaign({
            campaign_uid: 'camp-summer',
            name: 'Summer sale',
            flight_start: '2026-07-01',
            flight_end: '2026-09-15',
          }),
        ],
      },
    },
    monthly_report_generate: { result: { job_id: 'job-1' } },
    generate_org_reporting: { result: { job_id: 'job-2' } },
    generated_report_status: { result: JOB },
  });
  renderAt('/ss/generated', '/ss/generated', <GeneratedPage />);
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the generated reports page', () => {
  test("offers the client's campaigns whose flight touches the month, and sends the one picked", async () => {
    const calls = openPage();
    const form = await screen.findByRole('form', { name: 'Generate a report' });
    const picker = await within(form).findByLabelText('Campaign');
    await within(picker).findByRole('option', { name: 'Fall push' });

    // October: only Fall push flies (Summer sale ended 9/15).
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All airings (no campaign)', 'Fall push']);
    fireEvent.change(picker, { target: { value: 'camp-fall' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(calls.some((c) => c.name === 'monthly_report_generate')).toBe(true));
    expect(calls.find((c) => c.name === 'monthly_report_generate')?.input).toMatchObject({
      client_uid: 'acme',
      month: '2026-10',
      campaign_uid: 'camp-fall',
    });
  });

  test('without a campaign picked, the monthly report covers every airing', async () => {
    const calls = openPage();
    const form = await screen.findByRole('form', { name: 'Generate a report' });
    await within(form).findByRole('option', { name: 'Fall push' });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(calls.some((c) => c.name === 'monthly_report_generate')).toBe(true));
    expect(calls.find((c) => c.name === 'monthly_report_generate')?.input).not.toHaveProperty(
      'campaign_uid',
    );
  });

  test('the organisation roll-up offers the executive summary only, and says its zip always carries the CSV', async () => {
    const calls = openPage();
    const form = await screen.findByRole('form', { name: 'Generate an organisation report' });
    fireEvent.change(within(form).getByLabelText('Organisation family'), {
      target: { value: 'org_reporting' },
    });
    await within(form).findByRole('option', { name: 'Acme Group' });

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Executive summary only' }));
    const csv = within(form).getByRole('checkbox', { name: /CSV/ }) as HTMLInputElement;
    expect(csv.checked).toBe(true);
    expect(csv.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Build organisation report' }));

    await waitFor(() => expect(calls.some((c) => c.name === 'generate_org_reporting')).toBe(true));
    expect(calls.find((c) => c.name === 'generate_org_reporting')?.input).toMatchObject({
      org_uid: 'org-1',
      executive_only: true,
    });
  });

  test('the station month names each station with how many of your clients aired on it', async () => {
    openPage();
    const form = await screen.findByRole('form', { name: 'Generate an organisation report' });
    fireEvent.change(within(form).getByLabelText('Organisation family'), {
      target: { value: 'monthly_tsq' },
    });
    await within(form).findByRole('option', { name: 'KADMO (1 client)' });
    expect(within(form).getByRole('option', { name: 'WBDMO (2 clients)' })).toBeInstanceOf(
      HTMLOptionElement,
    );
  });
});
