// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { noProducts } from '#shared/billing/available-products';
import { SAMPLE_READ_ONLY } from '../../../web/src/lib/client-access';
import {
  NO_SCHEDULE_FEATURE,
  NO_SCHEDULE_PERMISSION,
  scheduleLockOf,
} from '../../../web/src/schedules/schedule-access';
import { ScheduleButton } from '../../../web/src/schedules/schedule-button';
import { fakeReportApi } from '../support/report-api';
import { clientInfo, monthly } from './schedule-fixtures';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withSchedule = { ...noProducts(), has_any_subscription: true, pro_schedule: true };

describe('who may schedule deliveries', () => {
  test.each([
    [
      'staff, whatever the plan',
      { staff: true, available_products: noProducts() },
      { schedule: false },
      null,
    ],
    [
      'the feature and the permission',
      { staff: false, available_products: withSchedule },
      { schedule: true },
      null,
    ],
    [
      'no Schedule feature: a plan unlocks it',
      { staff: false, available_products: noProducts() },
      { schedule: true },
      { reason: NO_SCHEDULE_FEATURE, plans: true },
    ],
    [
      'no schedule permission: a plan does not help',
      { staff: false, available_products: withSchedule },
      { schedule: false },
      { reason: NO_SCHEDULE_PERMISSION, plans: false },
    ],
    ['nothing known yet (the server still checks)', null, null, null],
  ])('%s', (_, session, perms, lock) => {
    expect(scheduleLockOf(session, perms)).toEqual(lock);
  });

  test('the sample client is read-only', () => {
    expect(
      scheduleLockOf({ staff: false, available_products: withSchedule }, { schedule: false }, true),
    ).toEqual({
      reason: SAMPLE_READ_ONLY,
      plans: false,
    });
  });
});

function button(products: typeof withSchedule, perms = { schedule: true }) {
  const calls = fakeReportApi({
    get_session: {
      result: { staff: false, primary_email: 'ana@example.com', available_products: products },
    },
    fetch_client_info: clientInfo([monthly()]),
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <ScheduleButton clientUid="c1" clientName="Acme Furniture" perms={perms} />
      </MemoryRouter>
    </SWRConfig>,
  );
  return calls;
}

describe('the report toolbar Schedule button', () => {
  test('opens the dialog with the client schedules', async () => {
    button(withSchedule);

    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));

    expect(screen.queryByRole('dialog', { name: 'Scheduled deliveries' })).not.toBeNull();
    expect(await screen.findByText('Monthly on the 1st at 8:00 AM (America/Chicago)')).toBeTruthy();
  });

  test('locked, it says why before it is pressed, and the dialog links to the plans', async () => {
    const calls = button(noProducts());

    const schedule = await screen.findByRole('button', {
      name: 'Schedule',
      description: `Locked: ${NO_SCHEDULE_FEATURE}`,
    });
    // The lock is drawn, not an emoji (an empty box where no emoji font is installed).
    expect(schedule.querySelector('svg.lock-icon')).not.toBeNull();
    expect(schedule.textContent).toBe('Schedule');
    fireEvent.click(schedule);

    expect(screen.getByTestId('schedules-locked').textContent).toContain(NO_SCHEDULE_FEATURE);
    expect(
      screen.queryByRole('link', { name: 'See plans with scheduled deliveries' }),
    ).not.toBeNull();
    expect(calls.map((c) => c.name)).not.toContain('fetch_client_info');
  });
});
