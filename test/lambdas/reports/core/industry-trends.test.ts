import { describe, expect, test } from 'vitest';
import { MemoryIndustryBenchmarks } from '../../../../lambdas/reports/adapters/memory-industry-benchmarks';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import type { IndustryContribution } from '../../../../lambdas/reports/core/industry-contribution';
import {
  advertiserChangePct,
  industryTrend,
  refreshIndustryTrend,
  trendWindow,
  weeklyNewUsers,
} from '../../../../lambdas/reports/core/industry-trends';

const DAY = 86_400;
const END = '2026-11-21';
const END_EXCL = Date.parse('2026-11-22T00:00:00Z') / 1000;

const advertiser = (uid: string, weeks: number[], sample = false): IndustryContribution => ({
  client_uid: uid,
  sample_data: sample,
  report_id: `r-${uid}`,
  updated_at: '2026-11-22T00:00:00.000Z',
  sections: {},
  weekly_new_users: { week_end: END, weeks },
});

describe('weekly new users of a report', () => {
  test('sums every DMA per 7-day week ending on the last day, oldest first, and ignores rows outside', () => {
    const { fromUtc, toUtc } = trendWindow(END);
    const rows = [
      [fromUtc - 60, 999], // before the window
      [fromUtc, 5],
      [fromUtc + 6 * DAY + 86_340, 1], // last minute of week 1
      [fromUtc + 7 * DAY, 7],
      [fromUtc + 20 * DAY, 3],
      [toUtc - 60, 2],
      [toUtc, 999], // the day after
    ] as const;

    const weekly = weeklyNewUsers(
      {
        bucketUtc: Float64Array.from(rows.map((r) => r[0])),
        ...dmaDictionary(rows.map((_, i) => (i % 2 === 0 ? '501' : ''))),
        values: Float64Array.from(rows.map((r) => r[1])),
      },
      END,
    );

    expect(toUtc).toBe(END_EXCL);
    expect(toUtc - fromUtc).toBe(28 * DAY);
    expect(weekly).toEqual({ week_end: END, weeks: [6, 7, 3, 2] });
  });
});

describe('an advertiser’s change', () => {
  test.each([
    ['growth each week', [100, 110, 121, 133.1], 10],
    ['one fall, one rise, no change', [100, 50, 100, 100], (-50 + 100 + 0) / 3],
    ['weeks after a zero week are skipped', [0, 100, 150, 150], (50 + 0) / 2],
    ['no week with visits before it', [0, 0, 0, 40], null],
  ])('%s', (_name, weeks, expected) => {
    const change = advertiserChangePct({ week_end: END, weeks });
    if (expected === null) expect(change).toBeNull();
    else expect(change).toBeCloseTo(expected, 9);
  });
});

describe('an industry’s trend', () => {
  test('is the mean of its advertisers’ changes, rounded to 0.1%', () => {
    const trend = industryTrend([
      advertiser('a', [100, 110, 121, 133.1]), // +10
      advertiser('b', [100, 100, 100, 100]), // 0
      advertiser('c', [100, 50, 100, 100]), // +16.67
    ]);

    expect(trend).toEqual({
      avg_newusers_delta_pct_from_prev: 8.9,
      advertisers: 3,
      week_end: END,
      sample_data: false,
    });
  });

  test('needs three advertisers with a change (k-anonymity)', () => {
    const two = [advertiser('a', [1, 2, 3, 4]), advertiser('b', [4, 3, 2, 1])];
    const withoutData = { ...advertiser('c', [1, 1, 1, 1]), weekly_new_users: undefined };
    const zeros = advertiser('d', [0, 0, 0, 0]);

    expect(industryTrend([...two, withoutData, zeros])).toBeNull();
  });

  test('is stored after a change and removed when too few advertisers remain', async () => {
    const store = new MemoryIndustryBenchmarks();
    for (const c of [
      advertiser('a', [100, 90, 81, 72.9]),
      advertiser('b', [100, 90, 81, 72.9]),
      advertiser('c', [100, 90, 81, 72.9]),
    ]) {
      await store.putInIndustry('1268', c);
    }

    await refreshIndustryTrend(store, '1268', false);
    const stored = (await store.listTrends(false)).get('1268');
    await store.removeFromIndustry('1268', 'c', false);
    await refreshIndustryTrend(store, '1268', false);

    expect(stored?.avg_newusers_delta_pct_from_prev).toBe(-10);
    expect((await store.listTrends(false)).has('1268')).toBe(false);
    expect((await store.listTrends(true)).size).toBe(0);
  });
});
