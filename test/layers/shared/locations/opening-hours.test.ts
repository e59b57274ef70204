import { describe, expect, test } from 'vitest';
import type { LocationHours } from '#shared/contracts/locations.schema';
import { dayHoursSchema } from '#shared/contracts/locations.schema';
import {
  dmaTimezone,
  isOpenAt,
  openHoursFilter,
  openWindows,
  weeklyRules,
} from '#shared/locations/opening-hours';

const utc = (iso: string) => Date.parse(iso) / 1000;
const nineToFive = { open: '09:00', close: '17:00' };
/** Mon-Fri 09:00-17:00, closed at the weekend. */
const weekdays: LocationHours = {
  mon: nineToFive,
  tue: nineToFive,
  wed: nineToFive,
  thu: nineToFive,
  fri: nineToFive,
  sat: null,
  sun: null,
};
const NY = 'America/New_York';

describe('opening hours of a store', () => {
  test('a weekday store is open from 09:00 to 17:00 local time, New York being UTC-5 in winter', () => {
    // Wednesday 2024-01-10.
    expect(isOpenAt(weekdays, NY, utc('2024-01-10T13:59:00Z'))).toBe(false);
    expect(isOpenAt(weekdays, NY, utc('2024-01-10T14:00:00Z'))).toBe(true);
    expect(isOpenAt(weekdays, NY, utc('2024-01-10T21:59:00Z'))).toBe(true);
    expect(isOpenAt(weekdays, NY, utc('2024-01-10T22:00:00Z'))).toBe(false);
  });

  test('the same hours follow daylight saving time (UTC-4 in summer)', () => {
    expect(isOpenAt(weekdays, NY, utc('2024-07-10T13:30:00Z'))).toBe(true);
    expect(isOpenAt(weekdays, NY, utc('2024-07-10T21:30:00Z'))).toBe(false);
  });

  test('the same wall-clock hours in Los Angeles open three hours later in UTC', () => {
    const la = 'America/Los_Angeles';
    expect(isOpenAt(weekdays, la, utc('2024-01-10T14:30:00Z'))).toBe(false);
    expect(isOpenAt(weekdays, la, utc('2024-01-10T17:30:00Z'))).toBe(true);
  });

  test('a closed day opens nothing: Saturday and Sunday have no window', () => {
    const weekend = openWindows(
      weekdays,
      NY,
      utc('2024-01-13T00:00:00Z'),
      utc('2024-01-15T05:00:00Z'),
    );
    expect(weekend).toEqual([]);
  });

  test('overnight hours run into the next day, even when that day is closed', () => {
    const bar: LocationHours = { ...weekdays, fri: { open: '20:00', close: '02:00' } };
    // Saturday 01:30 New York = 06:30 UTC: still Friday's shift.
    expect(isOpenAt(bar, NY, utc('2024-01-13T06:30:00Z'))).toBe(true);
    expect(isOpenAt(bar, NY, utc('2024-01-13T07:00:00Z'))).toBe(false);
    expect(openWindows(bar, NY, utc('2024-01-12T00:00:00Z'), utc('2024-01-14T00:00:00Z'))).toEqual([
      [utc('2024-01-13T01:00:00Z'), utc('2024-01-13T07:00:00Z')],
    ]);
  });

  test('a whole day (00:00 to 00:00) on consecutive days makes one window', () => {
    const allDay = { open: '00:00', close: '00:00' };
    const h: LocationHours = { ...weekdays, sat: allDay, sun: allDay };
    expect(openWindows(h, 'UTC', utc('2024-01-13T00:00:00Z'), utc('2024-01-15T00:00:00Z'))).toEqual(
      [[utc('2024-01-13T00:00:00Z'), utc('2024-01-15T00:00:00Z')]],
    );
  });

  test('windows are clipped to the range asked for', () => {
    expect(
      openWindows(weekdays, 'UTC', utc('2024-01-10T12:00:00Z'), utc('2024-01-10T13:00:00Z')),
    ).toEqual([[utc('2024-01-10T12:00:00Z'), utc('2024-01-10T13:00:00Z')]]);
  });

  test('no hours at all means always open', () => {
    expect(isOpenAt(null, NY, utc('2024-01-13T03:00:00Z'))).toBe(true);
  });

  test('the filter lists only locations with hours, by store id, as a week of local intervals', () => {
    const f = openHoursFilter([
      {
        store_id: 'S-1',
        timezone: NY,
        hours: { ...weekdays, tue: null, wed: null, thu: null, fri: null },
      },
      { store_id: 'S-2', timezone: NY, hours: null },
    ]);
    expect(f).toEqual([
      { location_id: 'S-1', timezone: NY, rules: [{ isodow: 1, fromMin: 540, toMin: 1020 }] },
    ]);
  });

  test('weekly rules split overnight hours at midnight; Sunday night runs into Monday', () => {
    const closedAll = {
      mon: null,
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: null,
      sun: null,
    };
    expect(weeklyRules({ ...closedAll, fri: { open: '20:00', close: '02:00' } })).toEqual([
      { isodow: 5, fromMin: 1200, toMin: 1440 },
      { isodow: 6, fromMin: 0, toMin: 120 },
    ]);
    expect(weeklyRules({ ...closedAll, sun: { open: '22:00', close: '00:00' } })).toEqual([
      { isodow: 7, fromMin: 1320, toMin: 1440 },
    ]);
    expect(weeklyRules({ ...closedAll, sun: { open: '22:00', close: '01:30' } })).toContainEqual({
      isodow: 1,
      fromMin: 0,
      toMin: 90,
    });
  });

  test('a market gives its time zone: New York is Eastern, Los Angeles Pacific', () => {
    expect(dmaTimezone('501')).toBe('America/New_York');
    expect(dmaTimezone('803')).toBe('America/Los_Angeles');
    expect(dmaTimezone('999')).toBeNull();
  });

  test('hours whose opening equals their closing are refused, except the whole day', () => {
    expect(dayHoursSchema.safeParse({ open: '09:00', close: '09:00' }).success).toBe(false);
    expect(dayHoursSchema.safeParse({ open: '00:00', close: '00:00' }).success).toBe(true);
    expect(dayHoursSchema.safeParse({ open: '22:00', close: '02:00' }).success).toBe(true);
    expect(dayHoursSchema.safeParse({ open: '9:00', close: '17:00' }).success).toBe(false);
  });
});
