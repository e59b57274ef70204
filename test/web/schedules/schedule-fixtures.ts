import type { Delivery, Schedule } from '#shared/contracts/schedules.schema';

/** A stored monthly schedule of client c1 as the server lists it (next run 12/01 8 AM Chicago). */
export function monthly(over: Partial<Schedule> = {}): Schedule {
  return {
    schedule_id: 's-1',
    client_uid: 'c1',
    what: { kind: 'report' },
    cadence: { every: 'monthly', day: 1 },
    local_time: '08:00',
    time_zone: 'America/Chicago',
    range: 'last_month',
    recipients: ['ana@example.com', 'bo@example.com'],
    format: { pdf: true, csv: false },
    paused: false,
    owner_user_id: 'u-1',
    owner_email: 'ana@example.com',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    next_run_at: '2026-12-01T14:00:00.000Z',
    ...over,
  };
}

/** fetch_client_info's answer carrying `schedules` (only the fields the dialog reads). */
export const clientInfo = (schedules: Schedule[], zone = 'America/Chicago') => ({
  result: { client_info: { report_schedules: schedules, postlog_timezone: zone } },
});

/** create_schedule / update_schedule's answer: the contract's `{ result: { client_info } }`. */
export const changed = (schedules: Schedule[]) => ({
  result: { result: { client_info: { report_schedules: schedules } } },
});

/** One sent and one failed delivery of s-1. */
export const DELIVERIES: Delivery[] = [
  {
    schedule_id: 's-1',
    period_key: '2026-10-01..2026-10-31',
    status: 'failed',
    attempts: 3,
    recipients: ['ana@example.com'],
    attached: false,
    error: 'The report could not be built: no airings in the period.',
  },
  {
    schedule_id: 's-1',
    period_key: '2026-09-01..2026-09-30',
    status: 'sent',
    attempts: 1,
    recipients: ['ana@example.com', 'bo@example.com'],
    sent_at: '2026-10-01T13:00:04.000Z',
    pdf_link: 'https://reports.example.com/s-1/2026-09.pdf?sig=abc',
    attached: true,
  },
];
