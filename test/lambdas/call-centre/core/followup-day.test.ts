import { describe, expect, test } from 'vitest';
import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import {
  type FollowupInput,
  resolveFollowup,
} from '../../../../lambdas/call-centre/core/followup-day';

const input = (over: Partial<FollowupInput>): FollowupInput => ({
  time: '',
  tz: 'America/New_York',
  ...over,
});

describe('resolveFollowup', () => {
  test.each([
    ['1 day from now in New York', '2024-06-05T15:00:00Z', { days_from_now: 1 }, '2024-06-06'],
    ['2 weeks from now', '2024-06-05T15:00:00Z', { weeks_from_now: 2 }, '2024-06-19'],
    [
      'days and weeks add up',
      '2024-06-05T15:00:00Z',
      { days_from_now: 2, weeks_from_now: 1 },
      '2024-06-14',
    ],
    [
      'counts from today in the agent zone, not UTC (NY evening)',
      '2024-06-06T02:00:00Z',
      { days_from_now: 1 },
      '2024-06-06',
    ],
    [
      'counts from today in Tokyo',
      '2024-06-06T02:00:00Z',
      { days_from_now: 1, tz: 'Asia/Tokyo' },
      '2024-06-07',
    ],
    ['crosses a month end', '2024-06-30T15:00:00Z', { days_from_now: 1 }, '2024-07-01'],
    [
      'keeps a given day from tomorrow on',
      '2024-06-05T15:00:00Z',
      { day: '2024-06-06' },
      '2024-06-06',
    ],
    ['keeps a given day far ahead', '2024-06-05T15:00:00Z', { day: '2025-01-15' }, '2025-01-15'],
  ] as const)('%s', (_name, now, over, day) => {
    expect(resolveFollowup(input(over), new Date(now)).day).toBe(day);
  });

  test.each([
    ['today', '2024-06-05T15:00:00Z', { day: '2024-06-05' }, CALL_MESSAGES.followupPast],
    ['yesterday', '2024-06-05T15:00:00Z', { day: '2024-06-04' }, CALL_MESSAGES.followupPast],
    [
      'today in Tokyo though tomorrow in UTC terms of New York',
      '2024-06-06T02:00:00Z',
      { day: '2024-06-06', tz: 'Asia/Tokyo' },
      CALL_MESSAGES.followupPast,
    ],
    [
      'a day that does not exist',
      '2024-06-05T15:00:00Z',
      { day: '2025-02-31' },
      CALL_MESSAGES.followupMissing,
    ],
  ] as const)('rejects %s naming payload.day', (_name, now, over, message) => {
    expect(() => resolveFollowup(input(over), new Date(now))).toThrow(
      expect.objectContaining({ status: 400, field: 'payload.day', message }),
    );
  });

  test('stores which way the day was chosen, with the time and zone', () => {
    const info = resolveFollowup(
      input({ weeks_from_now: 1, time: '09:30', tz: 'America/Chicago' }),
      new Date('2024-06-05T15:00:00Z'),
    );

    expect(info).toEqual({
      weeks_from_now: 1,
      days_from_now_set: false,
      weeks_from_now_set: true,
      day: '2024-06-12',
      time: '09:30',
      tz: 'America/Chicago',
    });
  });
});
