// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { CallRecord } from '#shared/contracts/call-record';
import { answerWith, callsTo, makeRecord, renderCallCentre } from './call-centre-fixtures';
import { withFakeClock } from './call-centre-mocks';

vi.mock('../../../web/src/api/client', async (io) =>
  (await import('./call-centre-mocks')).mockedClient(io),
);
vi.mock('../../../web/src/auth/session', async () =>
  (await import('./call-centre-mocks')).mockedSession(),
);

const advance = withFakeClock();

async function openRecord(record: CallRecord, answers: Record<string, unknown> = {}) {
  answerWith({ cls_get_record: record, cls_activity: () => ({ record }), ...answers });
  renderCallCentre(`/call-centre?uid=${record.id}`);
  await screen.findByRole('heading', { name: record.name });
}

describe('the record header and sections (spec §4 "Call status text")', () => {
  test('a subscriber shows DONE - Subscriber and no Sign-up section', async () => {
    await openRecord(makeRecord({ status_code: 'signup', status: 'called' }));

    expect(screen.getByText('DONE - Subscriber')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign-up' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Advertiser Info' })).toBeTruthy();
  });

  test('a new call shows New Call, the Sign-up section, the size and the as-of date', async () => {
    await openRecord(makeRecord());

    expect(screen.getByText('New Call')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign-up' })).toBeTruthy();
    expect(screen.getByText('Medium')).toBeTruthy();
    expect(screen.getByText('as of 03/09/2025')).toBeTruthy();
  });

  test('competitor spend is dollars from cents, the industry VPA says when data is short', async () => {
    await openRecord(makeRecord());

    const row = screen.getByText('Zed Cars').closest('tr') as HTMLElement;
    expect(within(row).getByText('$1,234.56')).toBeTruthy();
    expect(within(row).getByText('1.5k')).toBeTruthy();
    expect(screen.getByText('not enough data')).toBeTruthy();
  });
});

describe('call actions', () => {
  test('End call posts end_call, then clears the record and the uid', async () => {
    await openRecord(makeRecord());

    fireEvent.click(screen.getByRole('button', { name: 'End call' }));

    expect(await screen.findByText(/Call ended\./)).toBeTruthy();
    expect(callsTo('cls_activity').map((c) => c.activity)).toEqual(['end_call']);
    expect(screen.queryByRole('heading', { name: 'Acme Motors' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('');
  });

  test('the follow-up day cannot be before tomorrow', async () => {
    vi.setSystemTime(new Date(2025, 5, 30, 15, 0));
    await openRecord(makeRecord());

    fireEvent.click(screen.getByRole('button', { name: 'Follow-up…' }));
    fireEvent.click(screen.getByLabelText('On a day'));

    expect(screen.getByLabelText('Day').getAttribute('min')).toBe('2025-07-01');
  });

  test('a follow-up in 2 weeks sends weeks_from_now, time and the time zone', async () => {
    await openRecord(makeRecord());
    fireEvent.click(screen.getByRole('button', { name: 'Follow-up…' }));
    fireEvent.click(screen.getByLabelText('Weeks from now'));

    fireEvent.change(screen.getByLabelText('Weeks from now', { selector: 'input[type=number]' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByLabelText('Time (optional)'), { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set follow-up' }));
    await advance(50);

    const sent = callsTo('cls_activity');
    expect(sent).toMatchObject([
      {
        activity: 'set_followup',
        payload: { weeks_from_now: 2, time: '09:30', tz: expect.any(String) },
      },
    ]);
  });
});

describe('sign-up (spec §9 price, §2 celebration)', () => {
  test('a missing field is named and nothing is sent', async () => {
    await openRecord(makeRecord());

    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Choose a billing method')).toBeTruthy();
    expect(callsTo('cls_activity')).toEqual([]);
  });

  test('a complete sign-up saves the details, signs up and celebrates', async () => {
    const info = {
      ...makeRecord().signup_info,
      billing_type: 'invoice' as const,
      billing_name: 'Acme Motors LLC',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      regions: '501,602',
      ad_report_email_address_1: 'ads@acme.test',
    };
    await openRecord(makeRecord({ signup_info: info }));
    expect(screen.getByText('2 regions: $199.98/month')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await advance(50);
    expect(callsTo('cls_activity').map((c) => c.activity)).toEqual(['signup_info']);
    await advance(1100);

    expect(callsTo('cls_activity').map((c) => c.activity)).toEqual(['signup_info', 'signup']);
    expect(await screen.findByText('NICE JOB!')).toBeTruthy();
    await advance(6100);
    expect(screen.queryByText('NICE JOB!')).toBeNull();
  });
});
