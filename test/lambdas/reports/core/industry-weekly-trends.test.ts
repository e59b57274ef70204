import { describe, expect, test } from 'vitest';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import type { IndustryContribution } from '../../../../lambdas/reports/core/industry-contribution';
import {
  DMA_TREND_WEEKS,
  dmaTrendWindow,
  industryWeeklyTrend,
  lastWeekEnd,
  sharedWeekEnd,
  tableWeekEnds,
  trendNewUsers,
  trendReadWindow,
  trendWindow,
  UNKNOWN_DMA_KEY,
} from '../../../../lambdas/reports/core/industry-trends';

const DAY = 86_400;
const WEEK = 7 * DAY;

/** A contribution whose weeks per DMA end on `weekEnd` (the last DMA_TREND_WEEKS weeks given by `tail`). */
function advertiser(
  uid: string,
  byDma: Record<string, number[]>,
  weekEnd = '2026-11-15',
): IndustryContribution {
  const pad = (tail: number[]) => [
    ...new Array<number>(DMA_TREND_WEEKS - tail.length).fill(0),
    ...tail,
  ];
  return {
    client_uid: uid,
    sample_data: false,
    report_id: `r-${uid}`,
    updated_at: '2026-11-22T00:00:00.000Z',
    sections: {},
    weekly_new_users: {
      week_end: '2026-11-21',
      weeks: [1, 1, 1, 1],
      dma_weeks: {
        week_end: weekEnd,
        by_dma: Object.fromEntries(Object.entries(byDma).map(([d, w]) => [d, pad(w)])),
      },
    },
  };
}

describe('new users per DMA and calendar week of a report', () => {
  test('weeks run Monday to Sunday up to the last Sunday on or before the last day', () => {
    expect(lastWeekEnd('2026-11-21')).toBe('2026-11-15'); // a Saturday: its week is not whole
    expect(lastWeekEnd('2026-11-22')).toBe('2026-11-22'); // a Sunday
    const w = dmaTrendWindow('2026-11-21');
    expect(w.toUtc).toBe(Date.parse('2026-11-16T00:00:00Z') / 1000);
    expect(w.toUtc - w.fromUtc).toBe(DMA_TREND_WEEKS * WEEK);
    const read = trendReadWindow('2026-11-21');
    expect(read.fromUtc).toBe(w.fromUtc);
    expect(read.toUtc).toBe(trendWindow('2026-11-21').toUtc);
  });

  test('sums rows per DMA and week, keeps the landing weeks as they were, leaves empty DMAs out', () => {
    const { fromUtc, toUtc } = dmaTrendWindow('2026-11-21');
    const rows: Array<[number, string, number]> = [
      [fromUtc - 60, '501', 999], // before the window
      [fromUtc, '501', 4],
      [fromUtc + WEEK - 60, '501', 1],
      [toUtc - 60, '501', 2],
      [toUtc - 60, '', 3],
      [toUtc - 60, '602', 0],
      [toUtc + 60, '501', 999], // the partial week after the last Sunday
    ];
    const got = trendNewUsers(
      {
        bucketUtc: Float64Array.from(rows.map((r) => r[0])),
        ...dmaDictionary(rows.map((r) => r[1])),
        values: Float64Array.from(rows.map((r) => r[2])),
      },
      '2026-11-21',
    );

    expect(got.week_end).toBe('2026-11-21');
    expect(got.weeks).toHaveLength(4);
    expect(got.dma_weeks?.week_end).toBe('2026-11-15');
    // Unknown geography is filed under a key DynamoDB accepts (it refuses an empty map key).
    expect(Object.keys(got.dma_weeks?.by_dma ?? {}).sort()).toEqual(['501', UNKNOWN_DMA_KEY]);
    const w501 = got.dma_weeks?.by_dma['501'] as number[];
    expect(w501).toHaveLength(DMA_TREND_WEEKS);
    expect(w501[0]).toBe(5);
    expect(w501[DMA_TREND_WEEKS - 1]).toBe(2);
    expect(w501.reduce((a, b) => a + b, 0)).toBe(7);
  });
});

describe('an industry’s weekly trend', () => {
  const ends = tableWeekEnds('2026-11-15', 3);

  test('the table’s weeks are Sundays, oldest first', () => {
    expect(ends).toEqual(['2026-11-01', '2026-11-08', '2026-11-15']);
  });

  test('is the mean of the advertisers’ week-over-week changes, per week, in the chosen DMA', () => {
    const trend = industryWeeklyTrend(
      [
        advertiser('a', { '501': [100, 110, 121, 133.1], '602': [50, 0, 0, 0] }), // +10% a week
        advertiser('b', { '501': [100, 100, 100, 100] }), // 0
        advertiser('c', { '501': [100, 50, 100, 100] }), // -50, +100, 0
      ],
      ends,
      ['501'],
    );

    expect(trend).toEqual({
      advertisers: 3,
      new_users: [260, 321, 100 + 100 + 133.1],
      changes: [(10 + 0 - 50) / 3, (10 + 0 + 100) / 3, (10 + 0 + 0) / 3].map(
        (n) => Math.round(n * 10) / 10,
      ),
      avg_change_pct: Math.round(((-13.3 + 36.7 + 3.3) / 3) * 10) / 10,
    });
  });

  test('a market with fewer than three advertisers has no row (k-anonymity)', () => {
    const contributions = [
      advertiser('a', { '501': [100, 110, 121, 133.1], '602': [10, 20, 30, 40] }),
      advertiser('b', { '501': [100, 100, 100, 100], '602': [10, 10, 10, 10] }),
      advertiser('c', { '501': [100, 50, 100, 100] }),
    ];

    expect(industryWeeklyTrend(contributions, ends, ['602'])).toBeNull();
    expect(industryWeeklyTrend(contributions, ends, ['501'])?.advertisers).toBe(3);
    const all = industryWeeklyTrend(contributions, ends, [])?.new_users ?? [];
    expect(all.map((n) => Math.round(n * 10) / 10)).toEqual([290, 361, 383.1]);
  });

  test('a week with fewer than three advertisers giving a change shows none', () => {
    const trend = industryWeeklyTrend(
      [
        advertiser('a', { '501': [0, 100, 110, 120] }),
        advertiser('b', { '501': [0, 0, 100, 100] }),
        advertiser('c', { '501': [100, 100, 100, 100] }),
      ],
      ends,
      ['501'],
    );

    expect(trend?.changes).toEqual([
      null,
      null,
      Math.round((((120 / 110 - 1) * 100) / 3) * 10) / 10,
    ]);
    expect(trend?.avg_change_pct).toBe(trend?.changes[2]);
  });

  test('week_count picks how many weeks, and an advertiser’s weeks line up by calendar week', () => {
    const twelve = tableWeekEnds('2026-11-15', 12);
    const steady = Array.from({ length: DMA_TREND_WEEKS }, () => 100);
    const trend = industryWeeklyTrend(
      [
        advertiser('a', { '501': steady }),
        advertiser('b', { '501': steady }),
        // Its report ended a week later: its last week is not in the table.
        advertiser('c', { '501': [...steady.slice(1), 500] }, '2026-11-22'),
      ],
      twelve,
      [],
    );

    expect(twelve).toHaveLength(12);
    // The first change needs the week before the table, which c's report does not reach.
    expect(trend?.changes).toEqual([null, ...new Array(11).fill(0)]);
    expect(trend?.new_users).toEqual(new Array(12).fill(300));
  });

  test('the shared week end is the newest one that three advertisers cover', () => {
    expect(
      sharedWeekEnd([
        advertiser('a', {}, '2026-11-22'),
        advertiser('b', {}, '2026-11-15'),
        advertiser('c', {}, '2026-11-15'),
        advertiser('d', {}, '2026-01-04'),
      ]),
    ).toBe('2026-11-15');
    expect(sharedWeekEnd([])).toBeNull();
  });
});
