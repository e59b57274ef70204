// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { noProducts } from '#shared/billing/available-products';
import { ReportWorkspace } from '../../../web/src/report/report-workspace';
import { NO_SCHEDULE_PERMISSION } from '../../../web/src/schedules/schedule-access';
import { renderAt } from '../auth/render-at';
import { ACME_WITH_REPORT, acmeReportAnswers } from '../support/acme-report';
import { fakeReportApi } from '../support/report-api';
import { stubResizeObserver } from '../support/resize-observer';
import { clientInfo, monthly } from './schedule-fixtures';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

const CLIENT = ACME_WITH_REPORT;
const ALL = { view: true, edit: true, import: true, share: true, schedule: true };

/** The report screen of `client` for a user whose plan has the Schedule feature. */
function openWorkspace(perms: typeof ALL) {
  const calls = fakeReportApi({
    get_session: {
      result: {
        staff: false,
        primary_email: 'ana@example.com',
        available_products: { ...noProducts(), has_any_subscription: true, pro_schedule: true },
      },
    },
    ...acmeReportAnswers({ ...CLIENT, perms }),
    fetch_client_info: clientInfo([monthly({ client_uid: 'acme' })]),
  });
  renderAt('/ss?client=acme', '/ss', <ReportWorkspace />);
  return calls;
}

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stubResizeObserver();
});

describe('the report toolbar offers Schedule', () => {
  test('opening the client scheduled deliveries', async () => {
    const calls = openWorkspace(ALL);
    const toolbar = await screen.findByRole('toolbar', { name: 'Report actions' });

    await act(async () =>
      fireEvent.click(within(toolbar).getByRole('button', { name: 'Schedule' })),
    );

    const dialog = screen.getByRole('dialog', { name: 'Scheduled deliveries' });
    expect(within(dialog).queryByText('Acme Mattress')).not.toBeNull();
    expect(
      await within(dialog).findByText('Monthly on the 1st at 8:00 AM (America/Chicago)'),
    ).toBeTruthy();
    expect(calls.find((c) => c.name === 'fetch_client_info')?.input).toEqual({
      client_uid: 'acme',
    });
  });

  test('locked on a client shared without the schedule permission', async () => {
    openWorkspace({ ...ALL, schedule: false });
    const toolbar = await screen.findByRole('toolbar', { name: 'Report actions' });

    const schedule = within(toolbar).getByRole('button', { name: 'Schedule' });
    await act(async () => fireEvent.click(schedule));

    expect(screen.getByTestId('schedules-locked').textContent).toContain(NO_SCHEDULE_PERMISSION);
  });
});
