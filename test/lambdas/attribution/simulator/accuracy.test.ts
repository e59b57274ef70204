import { describe, expect, test } from 'vitest';
import type { AiringResult, AttributionResult } from '../../../../lambdas/attribution/core/types';
import {
  accuracyFigures,
  averageRanks,
  spearman,
} from '../../../../lambdas/attribution/simulator/accuracy';
import type { OverlapScenario } from '../../../../lambdas/attribution/simulator/overlap-scenario';
import { airing, minuteVisits } from '../core/fixtures';

describe('spearman', () => {
  test('tied values share the mean of their ranks', () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(averageRanks([7, 7, 7])).toEqual([2, 2, 2]);
  });

  test('is 1 for the same order, -1 for the reverse, whatever the scale', () => {
    expect(spearman([1, 2, 3, 4], [10, 200, 3000, 40000])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
  });

  test('a known permutation gives 1 - 6Σd²/(n(n²-1))', () => {
    // d = 1, 1, 1, 1, 0 → 1 - 6·4/120 = 0.8
    expect(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])).toBeCloseTo(0.8, 12);
  });

  test('ties are ranked by their mean rank (the Pearson correlation of ranks)', () => {
    // ranks y = 1.5, 1.5, 3, 4 → 4.5 / √(5 · 4.5)
    expect(spearman([1, 2, 3, 4], [0, 0, 1, 2])).toBeCloseTo(4.5 / Math.sqrt(22.5), 12);
  });

  test('is undefined (NaN) without an order to compare, and refuses unequal lengths', () => {
    expect(spearman([1, 2, 3], [5, 5, 5])).toBeNaN();
    expect(spearman([1], [1])).toBeNaN();
    expect(() => spearman([1, 2], [1])).toThrow(/length/);
  });
});

/** Three stations in DMA 501: A (strong), B (weak), C (no effect); two airings each. */
function handMade(resolution: 'minute' | 'hour'): OverlapScenario {
  const st = ['A', 'A', 'B', 'B', 'C', 'C'];
  const airings = st.map((station, i) => airing({ id: String(i + 1), startUtc: i * 600, station }));
  const visits = { ...minuteVisits(60, { '501': new Float64Array(60) }), resolution };
  const injected = [
    { window: 20, all: 25 },
    { window: 20, all: 25 },
    { window: 5, all: 6 },
    { window: 5, all: 6 },
    { window: 0, all: 0 },
    { window: 0, all: 0 },
  ];
  return {
    airings,
    visits,
    fromUtc: 0,
    toUtc: 3600,
    truth: new Map(injected.map((t, i) => [String(i + 1), t])),
    noEffectStations: new Set(['501|C']),
    stationEffect: new Map([
      ['501|A', 20],
      ['501|B', 5],
      ['501|C', 0],
    ]),
  };
}

function result(attributed: number[], pValues: number[]): AttributionResult {
  return {
    resolution: 'minute',
    windowMinutes: 8,
    airings: attributed.map(
      (a, i) => ({ airingId: String(i + 1), attributed: a, pValue: pValues[i] }) as AiringResult,
    ),
    campaign: {} as AttributionResult['campaign'],
  };
}

describe('accuracyFigures', () => {
  const perfect = result([20, 20, 5, 5, 0, 0], [0.001, 0.001, 0.01, 0.01, 0.5, 0.5]);

  test('a perfect result scores no error, full rank agreement and no leak', () => {
    expect(accuracyFigures(handMade('minute'), perfect)).toEqual({
      totalError: 0,
      stationRankCorrelation: 1,
      noEffectRatio: 0,
      noEffectSignificantShare: 0,
      marketTotalError: 0,
    });
  });

  test('an equal split leaking into the no-effect station shows in every figure', () => {
    // C's airings take 4 visits each and one is flagged; A drops below B.
    const leaky = result([6, 6, 8, 10, 4, 4], [0.01, 0.01, 0.01, 0.01, 0.02, 0.3]);
    const f = accuracyFigures(handMade('minute'), leaky);
    expect(f.totalError).toBeCloseTo(38 / 50 - 1, 12);
    // VPA A 6, B 9, C 4 against truth 20, 5, 0: ranks (2, 3, 1) vs (3, 2, 1) → 0.5
    expect(f.stationRankCorrelation).toBeCloseTo(0.5, 12);
    expect(f.noEffectRatio).toBeCloseTo(4 / 7.5, 12);
    expect(f.noEffectSignificantShare).toBe(0.5);
  });

  test('visits credited to the wrong market show in the market totals though the total is right', () => {
    // Two of A's visits go to a national network's airing instead: 2 too few in DMA 501, 2 too
    // many nationally, out of 50 injected.
    const s = handMade('minute');
    s.airings[5] = { ...(s.airings[5] as (typeof s.airings)[number]), market: 'national' };
    const moved = result([18, 20, 5, 5, 0, 2], [0.001, 0.001, 0.01, 0.01, 0.5, 0.5]);

    const f = accuracyFigures(s, moved);

    expect(f.totalError).toBe(0);
    expect(f.marketTotalError).toBeCloseTo(4 / 50, 12);
  });

  test('hourly data are scored against all injected visits, tail included', () => {
    const f = accuracyFigures(handMade('hour'), perfect);
    expect(f.totalError).toBeCloseTo(50 / 62 - 1, 12);
  });

  test('an airing the scenario does not know is an error, not a silent skip', () => {
    const stray = result([1], [0.5]);
    stray.airings[0] = { ...(stray.airings[0] as AiringResult), airingId: 'x' };
    expect(() => accuracyFigures(handMade('minute'), stray)).toThrow(/airing x/);
  });
});
