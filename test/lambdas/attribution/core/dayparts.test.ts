import { describe, expect, test } from 'vitest';
import { DAYPARTS, daypartAt, daypartOf } from '../../../../lambdas/attribution/core/dayparts';
import { localFields } from '../../../../lambdas/attribution/core/local-time';
import { airing } from './fixtures';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('dayparts in market local time', () => {
  test('each set covers every minute of the day exactly once', () => {
    for (const set of ['tv', 'radio'] as const) {
      for (let m = 0; m < 1440; m++) {
        const hits = DAYPARTS.filter(
          (d) =>
            d.set === set &&
            (d.startMinute < d.endMinute
              ? m >= d.startMinute && m < d.endMinute
              : m >= d.startMinute || m < d.endMinute),
        );
        expect(hits.length).toBe(1);
      }
    }
  });

  test('the same UTC clock time is Prime before the DST change and Prime Access after it', () => {
    // 00:30 UTC = 20:30 EDT on Sat 2016-11-05, but 19:30 EST on Sun 2016-11-06 (DST ended 02:00).
    const before = airing({ id: 'a', startUtc: utc('2016-11-06T00:30:00Z') });
    const after = airing({ id: 'b', startUtc: utc('2016-11-07T00:30:00Z') });

    expect(daypartOf(before).label).toBe('Prime');
    expect(daypartOf(after).label).toBe('Prime Access');
    expect(localFields(before.startUtc, before.tz)).toMatchObject({ weekday: 6, day: 5 });
    expect(localFields(after.startUtc, after.tz)).toMatchObject({ weekday: 7, day: 6 });
  });

  test.each([
    ['America/Chicago', '7:30 pm', 19 * 60 + 30, 'Prime'],
    ['America/Denver', '10:10 pm', 22 * 60 + 10, 'Late News'],
    ['America/Chicago', '3:30 pm', 15 * 60 + 30, 'Early Fringe'],
    ['America/Chicago', '8:00 am', 8 * 60, 'Early Morning'],
    ['America/New_York', '7:30 pm', 19 * 60 + 30, 'Prime Access'],
    ['America/Los_Angeles', '10:10 pm', 22 * 60 + 10, 'Prime'],
  ])('in %s a TV airing at %s (minute %i) is %s', (tz, _clock, minute, label) => {
    expect(daypartAt(minute, 'tv', tz).label).toBe(label);
  });

  test('radio drive times do not move with the zone', () => {
    expect(daypartAt(16 * 60, 'radio', 'America/Chicago').label).toBe('Afternoon Drive');
  });

  test('radio airings use drive-time dayparts in the market zone', () => {
    // 13:15 UTC in summer = 06:15 in Los Angeles.
    const a = airing({
      id: 'r',
      stationType: 'radio',
      tz: 'America/Los_Angeles',
      startUtc: utc('2016-07-01T13:15:00Z'),
    });

    expect(daypartOf(a).label).toBe('Morning Drive');
    expect(daypartAt(23 * 60 + 40, 'tv').label).toBe('Late Fringe');
  });
});
