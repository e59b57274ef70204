import { describe, expect, test } from 'vitest';
import type { UserType } from '#shared/contracts/account.schema';
import { ValidationError } from '#shared/errors';
import { weeklyTrends } from '../../../../lambdas/companies/core/weekly-trends';
import { MemoryIndustryBenchmarks } from '../../../../lambdas/reports/adapters/memory-industry-benchmarks';
import type { IndustryContribution } from '../../../../lambdas/reports/core/industry-contribution';
import { DMA_TREND_WEEKS } from '../../../../lambdas/reports/core/industry-trends';
import { alice } from '../../reports/fakes';

const FURNITURE = '1268';
const AUTOMOTIVE = '1553';

/** 13 weeks of new users: `base` a week, growing `growthPct` a week over the last 4. */
function weeks(base: number, growthPct: number): number[] {
  const out = new Array<number>(DMA_TREND_WEEKS).fill(base);
  for (let i = DMA_TREND_WEEKS - 4; i < DMA_TREND_WEEKS; i++)
    out[i] = (out[i - 1] as number) * (1 + growthPct / 100);
  return out;
}

function advertiser(
  uid: string,
  byDma: Record<string, number[]>,
  sample = false,
): IndustryContribution {
  return {
    client_uid: uid,
    sample_data: sample,
    report_id: `r-${uid}`,
    updated_at: '2026-11-22T00:00:00.000Z',
    sections: {},
    weekly_new_users: {
      week_end: '2026-11-21',
      weeks: [100, 100, 100, 100],
      dma_weeks: { week_end: '2026-11-15', by_dma: byDma },
    },
  };
}

async function store(
  filed: Array<[industry: string, IndustryContribution]>,
): Promise<MemoryIndustryBenchmarks> {
  const benchmarks = new MemoryIndustryBenchmarks();
  for (const [industry, c] of filed) {
    await benchmarks.putInIndustry(industry, c);
    await benchmarks.putTrend(industry, c.sample_data, {
      avg_newusers_delta_pct_from_prev: 0,
      advertisers: 3,
      week_end: '2026-11-21',
      sample_data: c.sample_data,
    });
  }
  return benchmarks;
}

const deps = (benchmarks: MemoryIndustryBenchmarks, type: UserType | null = 'rep') => ({
  benchmarks,
  userType: async () => type,
});

/** Three furniture advertisers in New York (501), two of them also in Los Angeles (803). */
const FILED: Array<[string, IndustryContribution]> = [
  [FURNITURE, advertiser('a', { '501': weeks(100, 10), '803': weeks(50, 0) })],
  [FURNITURE, advertiser('b', { '501': weeks(200, 0), '803': weeks(80, 5) })],
  [FURNITURE, advertiser('c', { '501': weeks(300, -10), unknown: weeks(10, 0) })],
  [AUTOMOTIVE, advertiser('d', { '501': weeks(10, 0) })],
  [AUTOMOTIVE, advertiser('e', { '501': weeks(10, 0) })],
];

describe('weeklyTrends', () => {
  test('the default table: 3 Sunday-ended weeks, one row per industry with three advertisers, names from the reference lists', async () => {
    const result = await weeklyTrends(deps(await store(FILED)), alice, {});

    expect(result.settings).toEqual({ week_count: 3, dma_codes: [], industries: [] });
    expect(result.week_ends).toEqual(['2026-11-01', '2026-11-08', '2026-11-15']);
    expect(result.rows.map((r) => [r.industry_id, r.name, r.advertisers])).toEqual([
      [FURNITURE, 'Furniture', 3],
    ]);
    const row = result.rows[0];
    expect(row?.changes).toHaveLength(3);
    expect(row?.new_users).toHaveLength(3);
    expect(row?.avg_change_pct).toBeTypeOf('number');
    expect(result.filter_options.industries).toEqual([
      { id: FURNITURE, name: 'Furniture', parent_name: expect.any(String) },
    ]);
    expect(result.filter_options.dmas.map((d) => d.id)).toEqual(['501']);
    expect(result.filter_options.dmas[0]?.name).toMatch(/New York/);
    expect(result.show_badges).toBe(true);
    expect(result.sample_data).toBe(false);
  });

  test('per DMA: the chosen market only, and a market with fewer than three advertisers has no row', async () => {
    const benchmarks = await store(FILED);

    const ny = await weeklyTrends(deps(benchmarks), alice, { dma_codes: ['501'] });
    const la = await weeklyTrends(deps(benchmarks), alice, { dma_codes: ['803'] });

    // In the last three weeks: a +10%, b 0, c -10% each week.
    expect(ny.rows[0]?.changes).toEqual([0, 0, 0]);
    expect(ny.rows[0]?.new_users[0]).toBeCloseTo(121 + 200 + 243, 6);
    expect(la.rows).toEqual([]);
  });

  test('week_count sets how many weeks (changes and new users per week)', async () => {
    const result = await weeklyTrends(deps(await store(FILED)), alice, {
      week_count: 6,
      industries: [FURNITURE],
    });

    expect(result.week_ends).toHaveLength(6);
    expect(result.week_ends.at(-1)).toBe('2026-11-15');
    expect(result.rows[0]?.changes).toHaveLength(6);
    expect(result.rows[0]?.new_users).toHaveLength(6);
    // Before the last four weeks nothing moved.
    expect(result.rows[0]?.changes.slice(0, 2)).toEqual([0, 0]);
  });

  test('an advertiser (user type self) gets the table without badges', async () => {
    const result = await weeklyTrends(deps(await store(FILED), 'self'), alice, {});

    expect(result.show_badges).toBe(false);
    expect(result.rows).toHaveLength(1);
  });

  test('sample advertisers answer only while there are no real trends, and are never mixed with real ones', async () => {
    const sampleOnly = await store(
      ['s1', 's2', 's3'].map((uid) => [
        FURNITURE,
        advertiser(uid, { '501': weeks(100, 10) }, true),
      ]),
    );
    const sample = await weeklyTrends(deps(sampleOnly), alice, {});
    expect(sample.sample_data).toBe(true);
    expect(sample.rows[0]?.changes).toEqual([10, 10, 10]);

    const both = await store([
      ...FILED,
      ...['s1', 's2', 's3'].map(
        (uid) =>
          [FURNITURE, advertiser(uid, { '501': weeks(100, 10) }, true)] as [
            string,
            IndustryContribution,
          ],
      ),
    ]);
    const real = await weeklyTrends(deps(both), alice, {});
    expect(real.sample_data).toBe(false);
    expect(real.rows[0]?.advertisers).toBe(3);
  });

  test('an unknown market or industry is refused, naming the field', async () => {
    const benchmarks = await store(FILED);

    await expect(weeklyTrends(deps(benchmarks), alice, { dma_codes: ['999'] })).rejects.toThrow(
      ValidationError,
    );
    await expect(
      weeklyTrends(deps(benchmarks), alice, { industries: ['no-such'] }),
    ).rejects.toMatchObject({ field: 'industries' });
  });

  test('no filed trends: an empty table, not an error', async () => {
    const result = await weeklyTrends(deps(new MemoryIndustryBenchmarks()), alice, {});

    expect(result.rows).toEqual([]);
    expect(result.week_ends).toEqual([]);
    expect(result.filter_options).toEqual({ dmas: [], industries: [] });
  });
});
