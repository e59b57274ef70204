import { describe, expect, test } from 'vitest';
import {
  coveredRange,
  cronPattern,
  nextOccurrence,
  occurrencesBetween,
  schedulerExpression,
} from '../../../../lambdas/schedules/core/periods';

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('occurrences in the schedule time zone', () => {
  test('a weekly Monday 08:00 New York schedule fires at 13:00 UTC in winter and 12:00 UTC in summer', () => {
    const s = {
      cadence: { every: 'weekly', weekday: 1 },
      local_time: '08:00',
      time_zone: 'America/New_York',
    } as const;

    const runs = occurrencesBetween(
      s,
      new Date('2026-02-28T00:00:00Z'),
      new Date('2026-03-17T00:00:00Z'),
    );

    // 2 March and 9 March straddle the spring-forward Sunday (8 March).
    expect(runs.map(iso)).toEqual([
      '2026-03-02T13:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
      '2026-03-16T12:00:00.000Z',
    ]);
  });

  test('a New York time skipped by spring-forward fires once at 03:00 local that day', () => {
    const s = {
      cadence: { every: 'weekly', weekday: 0 },
      local_time: '02:30',
      time_zone: 'America/New_York',
    } as const;

    const runs = occurrencesBetween(
      s,
      new Date('2026-03-01T12:00:00Z'),
      new Date('2026-03-16T00:00:00Z'),
    );

    expect(runs.map(iso)).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-15T06:30:00.000Z']);
  });

  test('a New York time repeated by fall-back fires once, at its first instance', () => {
    const s = {
      cadence: { every: 'weekly', weekday: 0 },
      local_time: '01:30',
      time_zone: 'America/New_York',
    } as const;

    const runs = occurrencesBetween(
      s,
      new Date('2026-10-31T12:00:00Z'),
      new Date('2026-11-09T00:00:00Z'),
    );

    // 1 November 01:30 EDT (05:30 UTC), not again at 01:30 EST (06:30 UTC); then 8 November EST.
    expect(runs.map(iso)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-08T06:30:00.000Z']);
  });

  test('a monthly London schedule follows British Summer Time', () => {
    const s = {
      cadence: { every: 'monthly', day: 1 },
      local_time: '09:15',
      time_zone: 'Europe/London',
    } as const;

    const runs = occurrencesBetween(
      s,
      new Date('2026-02-15T00:00:00Z'),
      new Date('2026-05-15T00:00:00Z'),
    );

    expect(runs.map(iso)).toEqual([
      '2026-03-01T09:15:00.000Z',
      '2026-04-01T08:15:00.000Z',
      '2026-05-01T08:15:00.000Z',
    ]);
  });

  test('a quarterly Sydney schedule fires on its day of January, April, July and October', () => {
    const s = {
      cadence: { every: 'quarterly', day: 5 },
      local_time: '07:00',
      time_zone: 'Australia/Sydney',
    } as const;

    const runs = occurrencesBetween(
      s,
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-12-31T00:00:00Z'),
    );

    // Sydney is UTC+11 in summer (January, October) and UTC+10 in winter (April, July).
    expect(runs.map(iso)).toEqual([
      '2026-01-04T20:00:00.000Z',
      '2026-04-04T21:00:00.000Z',
      '2026-07-04T21:00:00.000Z',
      '2026-10-04T20:00:00.000Z',
    ]);
  });

  test('the next occurrence is strictly after the given instant', () => {
    const s = {
      cadence: { every: 'weekly', weekday: 1 },
      local_time: '08:00',
      time_zone: 'America/New_York',
    } as const;

    expect(iso(nextOccurrence(s, new Date('2026-11-23T13:00:00Z')))).toBe(
      '2026-11-30T13:00:00.000Z',
    );
    expect(iso(nextOccurrence(s, new Date('2026-11-23T12:59:00Z')))).toBe(
      '2026-11-23T13:00:00.000Z',
    );
  });
});

describe('cron expressions', () => {
  test.each([
    [{ every: 'weekly', weekday: 0 } as const, '05:07', '7 5 * * 0', 'cron(7 5 ? * 1 *)'],
    [{ every: 'weekly', weekday: 6 } as const, '23:59', '59 23 * * 6', 'cron(59 23 ? * 7 *)'],
    [{ every: 'monthly', day: 28 } as const, '00:00', '0 0 28 * *', 'cron(0 0 28 * ? *)'],
    [
      { every: 'quarterly', day: 3 } as const,
      '08:30',
      '30 8 3 1,4,7,10 *',
      'cron(30 8 3 1,4,7,10 ? *)',
    ],
  ])('%o at %s is croner %s and EventBridge %s', (cadence, time, croner, scheduler) => {
    expect(cronPattern(cadence, time)).toBe(croner);
    expect(schedulerExpression(cadence, time)).toBe(scheduler);
  });
});

describe('covered ranges', () => {
  test.each([
    // Monday 23 November 2026, 08:00 New York.
    ['last_week', '2026-11-23T13:00:00Z', 'America/New_York', '2026-11-16..2026-11-22'],
    ['last_month', '2026-11-23T13:00:00Z', 'America/New_York', '2026-10-01..2026-10-31'],
    ['last_quarter', '2026-11-23T13:00:00Z', 'America/New_York', '2026-07-01..2026-09-30'],
    ['month_to_date', '2026-11-23T13:00:00Z', 'America/New_York', '2026-11-01..2026-11-22'],
    // A Sunday: its own week is not over, so the week before it.
    ['last_week', '2026-11-22T15:00:00Z', 'America/New_York', '2026-11-09..2026-11-15'],
    // The 1st: month to date is the whole previous month (never empty).
    ['month_to_date', '2026-12-01T14:00:00Z', 'America/New_York', '2026-11-01..2026-11-30'],
    // January: last quarter and last month are last year's.
    ['last_quarter', '2027-01-04T14:00:00Z', 'America/New_York', '2026-10-01..2026-12-31'],
    ['last_month', '2026-03-02T12:00:00Z', 'Europe/London', '2026-02-01..2026-02-28'],
    // 22:00 UTC Sunday is already Monday morning in Sydney: the local day decides.
    ['last_week', '2026-04-05T22:00:00Z', 'Australia/Sydney', '2026-03-30..2026-04-05'],
    ['last_week', '2026-04-05T22:00:00Z', 'Europe/London', '2026-03-23..2026-03-29'],
  ] as const)('%s at %s in %s covers %s', (range, at, zone, key) => {
    expect(coveredRange(range, new Date(at), zone).period_key).toBe(key);
  });

  test('the UTC bounds are local midnights, across the New York spring-forward week', () => {
    const r = coveredRange('last_week', new Date('2026-03-09T12:00:00Z'), 'America/New_York');

    expect(r).toEqual({
      start: '2026-03-02',
      end: '2026-03-08',
      start_at: '2026-03-02T05:00:00.000Z',
      end_at: '2026-03-09T04:00:00.000Z',
      period_key: '2026-03-02..2026-03-08',
    });
  });

  test('the UTC bounds across the New York fall-back month', () => {
    const r = coveredRange('last_month', new Date('2026-12-01T14:00:00Z'), 'America/New_York');

    expect([r.start_at, r.end_at]).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-12-01T05:00:00.000Z',
    ]);
  });

  test('the UTC bounds across the Sydney daylight-saving end (5 April 2026)', () => {
    const r = coveredRange('last_week', new Date('2026-04-06T00:00:00Z'), 'Australia/Sydney');

    expect([r.start_at, r.end_at]).toEqual([
      '2026-03-29T13:00:00.000Z',
      '2026-04-05T14:00:00.000Z',
    ]);
  });

  test('the same instant gives the same period whatever the machine time zone', () => {
    const before = process.env.TZ;
    const keys: string[] = [];
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = tz;
      keys.push(
        coveredRange('last_week', new Date('2026-11-23T13:00:00Z'), 'America/New_York').period_key,
      );
    }
    process.env.TZ = before;

    expect(new Set(keys)).toEqual(new Set(['2026-11-16..2026-11-22']));
  });
});
