// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ScheduleLock } from '../../../web/src/schedules/schedule-access';
import { SchedulesDialog } from '../../../web/src/schedules/schedules-dialog';
import { fakeReportApi, type Responder } from '../support/report-api';
import { changed, clientInfo, DELIVERIES, monthly } from './schedule-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(answers: Record<string, Responder>, lock: ScheduleLock | null = null) {
  const calls = fakeReportApi(answers);
  const onClose = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <SchedulesDialog
          clientUid="c1"
          clientName="Acme Furniture"
          lock={lock}
          email="ana@example.com"
          onClose={onClose}
        />
      </MemoryRouter>
    </SWRConfig>,
  );
  return { calls, onClose, changes: () => calls.filter((c) => c.name !== 'fetch_client_info') };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLSelectElement;
const pick = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('the Schedule dialog lists the client schedules', () => {
  test('each with what, the cadence in words, the next run in its zone, recipients and Paused', async () => {
    open({
      fetch_client_info: clientInfo([
        monthly(),
        monthly({
          schedule_id: 's-2',
          what: { kind: 'quarterly', executive_only: true },
          cadence: { every: 'quarterly', day: 5 },
          time_zone: 'Europe/London',
          local_time: '09:00',
          range: 'last_quarter',
          paused: true,
          next_run_at: null,
        }),
      ]),
    });

    const dialog = await screen.findByRole('dialog', { name: 'Scheduled deliveries' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(
      within(first).queryByRole('heading', { name: 'This report (with its saved settings)' }),
    ).not.toBeNull();
    expect(
      within(first).queryByText('Monthly on the 1st at 8:00 AM (America/Chicago)'),
    ).not.toBeNull();
    expect(within(first).queryByText('12/01/2026, 8:00 AM (America/Chicago)')).not.toBeNull();
    expect(within(first).queryByText('ana@example.com, bo@example.com')).not.toBeNull();
    expect(within(first).queryByText('Paused')).toBeNull();
    expect(within(second).queryByText('Quarterly report (executive summary only)')).not.toBeNull();
    expect(
      within(second).queryByText(
        'Quarterly on the 5th of January, April, July and October at 9:00 AM (Europe/London)',
      ),
    ).not.toBeNull();
    expect(within(second).getAllByText('Paused')).toHaveLength(2);
    expect(within(second).queryByRole('button', { name: /^Resume / })).not.toBeNull();
  });

  test('no schedules yet says so and offers New schedule', async () => {
    open({ fetch_client_info: clientInfo([]) });

    expect(
      await screen.findByRole('heading', { name: 'No scheduled deliveries yet' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New schedule' })).not.toBeNull();
  });

  test('a failed load says so and tries again on request', async () => {
    let failing = true;
    const { calls } = open({
      fetch_client_info: () =>
        failing ? { status: 500, code: 'internal', message: 'boom' } : clientInfo([monthly()]),
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByText('The schedules could not be loaded.')).not.toBeNull();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Monthly on the 1st at 8:00 AM (America/Chicago)')).toBeTruthy();
    expect(calls.filter((c) => c.name === 'fetch_client_info')).toHaveLength(2);
  });
});

describe('creating and editing a schedule', () => {
  test('the form sends the contract fields; a bad address is named and nothing is sent', async () => {
    const { changes } = open({
      fetch_client_info: clientInfo([]),
      create_schedule: (input) =>
        changed([
          monthly({
            ...(input as object),
            schedule_id: 's-9',
            next_run_at: '2026-11-30T13:30:00.000Z',
          }),
        ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New schedule' }));
    const form = screen.getByRole('form', { name: 'New schedule' });
    expect(document.activeElement).toBe(field('Send'));

    // The client's zone is the default; weekly picks last week's range.
    expect(field('Time zone').value).toBe('America/Chicago');
    expect(field('Covers').value).toBe('last_month');
    pick('How often', 'weekly');
    expect(field('Covers').value).toBe('last_week');
    pick('Day of the week', '1');
    fireEvent.change(field('Local time'), { target: { value: '07:30' } });
    expect(field('Recipient 1').value).toBe('ana@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Add recipient' }));
    fireEvent.change(field('Recipient 2'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Also attach the tables as CSV' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));

    expect(await screen.findByText('Enter an e-mail address, like name@example.com.')).toBeTruthy();
    expect(field('Recipient 2').getAttribute('aria-invalid')).toBe('true');
    expect(changes()).toEqual([]);

    fireEvent.change(field('Recipient 2'), { target: { value: ' Cy@Example.com ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      name: 'create_schedule',
      input: {
        client_uid: 'c1',
        what: { kind: 'report' },
        cadence: { every: 'weekly', weekday: 1 },
        local_time: '07:30',
        time_zone: 'America/Chicago',
        range: 'last_week',
        recipients: ['ana@example.com', 'cy@example.com'],
        format: { pdf: true, csv: true },
        paused: false,
      },
    });
    expect(
      await screen.findByText('Schedule created. Next run: 11/30/2026, 7:30 AM (America/Chicago).'),
    ).toBeTruthy();
    expect(screen.queryByText('Every Monday at 7:30 AM (America/Chicago)')).not.toBeNull();
  });

  test('a family can send its executive summary alone', async () => {
    const { changes } = open({
      fetch_client_info: clientInfo([]),
      create_schedule: changed([monthly()]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New schedule' }));

    expect(screen.queryByRole('checkbox', { name: 'Executive summary page only' })).toBeNull();
    pick('Send', 'quarterly');
    pick('How often', 'quarterly');
    pick('Day of January, April, July, October', '3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Executive summary page only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create schedule' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]?.input).toMatchObject({
      what: { kind: 'quarterly', executive_only: true },
      cadence: { every: 'quarterly', day: 3 },
      range: 'last_quarter',
    });
  });

  test('a field the server refuses shows its message on that field', async () => {
    open({
      fetch_client_info: clientInfo([]),
      create_schedule: {
        status: 400,
        code: 'validation',
        message: 'time_zone must be an IANA time zone such as America/New_York.',
        field: 'time_zone',
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New schedule' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create schedule' }));

    expect(
      await screen.findByText('time_zone must be an IANA time zone such as America/New_York.'),
    ).toBeTruthy();
    expect(field('Time zone').getAttribute('aria-invalid')).toBe('true');
  });

  test('editing starts from the schedule and sends its changes as a patch', async () => {
    const { changes } = open({
      fetch_client_info: clientInfo([monthly()]),
      update_schedule: (input) => changed([monthly({ ...(input as object) })]),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Edit / }));

    expect(field('How often').value).toBe('monthly');
    expect(field('Day of the month').value).toBe('1');
    expect(field('Recipient 2').value).toBe('bo@example.com');
    pick('Day of the month', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Remove recipient 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toMatchObject({
      name: 'update_schedule',
      input: {
        schedule_id: 's-1',
        client_uid: 'c1',
        cadence: { every: 'monthly', day: 15 },
        recipients: ['ana@example.com'],
      },
    });
    expect(changes()[0]?.input).not.toHaveProperty('paused');
    expect(
      await screen.findByText('Monthly on the 15th at 8:00 AM (America/Chicago)'),
    ).toBeTruthy();
  });
});

describe('pause, resume and delete', () => {
  test('Pause sends paused and the list shows the schedule paused', async () => {
    const { changes } = open({
      fetch_client_info: clientInfo([monthly()]),
      update_schedule: changed([monthly({ paused: true, next_run_at: null })]),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Pause / }));

    expect(await screen.findByText('Schedule paused.')).toBeTruthy();
    expect(changes()).toEqual([
      { name: 'update_schedule', input: { schedule_id: 's-1', client_uid: 'c1', paused: true } },
    ]);
    expect(screen.queryByRole('button', { name: /^Resume / })).not.toBeNull();
  });

  test('Delete asks first; only the confirmation deletes', async () => {
    const { changes } = open({
      fetch_client_info: clientInfo([monthly()]),
      update_schedule: changed([]),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Delete / }));

    const confirm = screen.getByRole('button', { name: 'Delete schedule' });
    expect(document.activeElement).toBe(confirm);
    expect(changes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('button', { name: 'Delete schedule' })).toBeNull();
    expect(changes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /^Delete / }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete schedule' }));

    expect(
      await screen.findByRole('heading', { name: 'No scheduled deliveries yet' }),
    ).toBeTruthy();
    expect(changes()).toEqual([
      { name: 'update_schedule', input: { schedule_id: 's-1', client_uid: 'c1', delete: true } },
    ]);
    // The deleted item had focus: it moves on to what is left, not to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New schedule' })),
    );
  });
});

describe('delivery history', () => {
  test('lists status, period M/D/Y, recipients, the PDF link and why a delivery failed', async () => {
    const { calls } = open({
      fetch_client_info: clientInfo([monthly()]),
      schedule_deliveries: { result: { deliveries: DELIVERIES } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Delivery history of / }));

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [failed, sent] = rows as [HTMLElement, HTMLElement];
    expect(within(failed).queryByText('Failed')).not.toBeNull();
    expect(within(failed).queryByText('10/01/2026 – 10/31/2026')).not.toBeNull();
    expect(
      within(failed).queryByText('The report could not be built: no airings in the period.'),
    ).not.toBeNull();
    expect(within(sent).queryByText('Sent')).not.toBeNull();
    expect(within(sent).queryByText('09/01/2026 – 09/30/2026')).not.toBeNull();
    expect(within(sent).queryByText('ana@example.com')).not.toBeNull();
    expect(within(sent).queryByText('bo@example.com')).not.toBeNull();
    expect(within(sent).queryByText('10/01/2026, 8:00 AM')).not.toBeNull();
    expect(
      within(sent).getByRole('link', { name: 'PDF of 09/01/2026 – 09/30/2026' }),
    ).toHaveProperty('href', 'https://reports.example.com/s-1/2026-09.pdf?sig=abc');
    expect(calls.find((c) => c.name === 'schedule_deliveries')?.input).toEqual({
      client_uid: 'c1',
      schedule_id: 's-1',
    });
  });

  test('the failure reason column shows only when a delivery failed', async () => {
    open({
      fetch_client_info: clientInfo([monthly()]),
      schedule_deliveries: { result: { deliveries: DELIVERIES.slice(1) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Delivery history of / }));

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Period', 'Recipients', 'PDF']);
  });

  test('a schedule without deliveries says when the first one comes', async () => {
    open({
      fetch_client_info: clientInfo([monthly()]),
      schedule_deliveries: { result: { deliveries: [] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Delivery history of / }));

    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← All schedules' }));
    expect(await screen.findByRole('button', { name: 'New schedule' })).toBeTruthy();
  });
});

describe('locked', () => {
  test('without the Schedule feature it says why, links to the plans and asks nothing', () => {
    const { calls } = open({}, { reason: 'No Schedule feature on your plan.', plans: true });

    expect(screen.queryByText('No Schedule feature on your plan.')).not.toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'See plans with scheduled deliveries' })
        .getAttribute('href'),
    ).toBe('/plans?product=advertiser');
    expect(screen.queryByRole('button', { name: 'New schedule' })).toBeNull();
    expect(calls).toEqual([]);
  });

  test('without the permission it says why, without a plans link', () => {
    open({}, { reason: 'No schedule permission.', plans: false });

    expect(screen.queryByText('No schedule permission.')).not.toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('a 403 from the server shows the server message in the locked state', async () => {
    open({
      fetch_client_info: clientInfo([]),
      create_schedule: {
        status: 403,
        code: 'forbidden',
        message: 'Scheduled deliveries need the Schedule feature on your account.',
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New schedule' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create schedule' }));

    expect(
      await screen.findByText('Scheduled deliveries need the Schedule feature on your account.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('schedules-locked')).not.toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
