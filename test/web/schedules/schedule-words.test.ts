import { describe, expect, test } from 'vitest';
import {
  cadenceWords,
  clockWords,
  nextRunWords,
  periodWords,
  whatWords,
} from '../../../web/src/schedules/schedule-words';

describe('a schedule in words', () => {
  test.each([
    [
      { every: 'weekly', weekday: 1 } as const,
      '08:00',
      'America/Chicago',
      'Every Monday at 8:00 AM (America/Chicago)',
    ],
    [{ every: 'weekly', weekday: 0 } as const, '00:05', 'UTC', 'Every Sunday at 12:05 AM (UTC)'],
    [
      { every: 'monthly', day: 1 } as const,
      '12:30',
      'Europe/London',
      'Monthly on the 1st at 12:30 PM (Europe/London)',
    ],
    [
      { every: 'monthly', day: 22 } as const,
      '17:00',
      'UTC',
      'Monthly on the 22nd at 5:00 PM (UTC)',
    ],
    [
      { every: 'quarterly', day: 11 } as const,
      '09:15',
      'Australia/Sydney',
      'Quarterly on the 11th of January, April, July and October at 9:15 AM (Australia/Sydney)',
    ],
  ])('%o at %s in %s reads "%s"', (cadence, time, zone, words) => {
    expect(cadenceWords(cadence, time, zone)).toBe(words);
  });

  test('midnight and noon read as 12 AM and 12 PM', () => {
    expect(clockWords('00:00')).toBe('12:00 AM');
    expect(clockWords('12:00')).toBe('12:00 PM');
    expect(clockWords('23:59')).toBe('11:59 PM');
  });

  test('the next run shows on the wall clock of the schedule zone, M/D/Y, across daylight saving', () => {
    // 8:00 AM in Chicago is 14:00 UTC in December (CST) and 13:00 UTC in July (CDT).
    const winter = {
      paused: false,
      next_run_at: '2026-12-01T14:00:00.000Z',
      time_zone: 'America/Chicago',
    };
    const summer = {
      paused: false,
      next_run_at: '2026-07-01T13:00:00.000Z',
      time_zone: 'America/Chicago',
    };
    // The same instant is already the next day in Sydney.
    const sydney = {
      paused: false,
      next_run_at: '2026-11-30T22:00:00.000Z',
      time_zone: 'Australia/Sydney',
    };

    expect(nextRunWords(winter)).toBe('12/01/2026, 8:00 AM (America/Chicago)');
    expect(nextRunWords(summer)).toBe('07/01/2026, 8:00 AM (America/Chicago)');
    expect(nextRunWords(sydney)).toBe('12/01/2026, 9:00 AM (Australia/Sydney)');
  });

  test('a paused schedule has no next run', () => {
    expect(nextRunWords({ paused: true, next_run_at: null, time_zone: 'UTC' })).toBe('Paused');
  });

  test('a delivery period reads as an M/D/Y range', () => {
    expect(periodWords('2026-11-16..2026-11-22')).toBe('11/16/2026 – 11/22/2026');
  });

  test('what a schedule sends names the executive summary when only that page goes', () => {
    expect(whatWords({ kind: 'report' })).toBe('This report (with its saved settings)');
    expect(whatWords({ kind: 'quarterly', executive_only: true })).toBe(
      'Quarterly report (executive summary only)',
    );
  });
});
