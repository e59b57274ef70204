import { describe, expect, test } from 'vitest';
import { logOverlap, newOverlapLog } from '../../../../lambdas/attribution/core/overlap-log';
import { splitByResponse } from '../../../../lambdas/attribution/core/response-split';
import { newAccumulators } from '../../../../lambdas/attribution/core/split';
import { airing, MIN, T0 } from './fixtures';

const DAY_MIN = 1440;

/**
 * One DMA: STRONG and NULL each air alone once (STRONG's 8 minutes carry 5 visits over a baseline
 * of 10, NULL's none), then together for 8 minutes that carry 5 extra visits each.
 */
function strongBesideNullLog(rounds: number) {
  const airings = [
    airing({ id: 'strong-alone', station: 'STRONG', startUtc: T0 + 600 * MIN }),
    airing({ id: 'null-alone', station: 'NULL', startUtc: T0 + (DAY_MIN + 600) * MIN }),
    airing({ id: 'strong-shared', station: 'STRONG', startUtc: T0 + (2 * DAY_MIN + 600) * MIN }),
    airing({ id: 'null-shared', station: 'NULL', startUtc: T0 + (2 * DAY_MIN + 600) * MIN }),
  ];
  const shared = 2 * DAY_MIN + 600;
  const acc = newAccumulators(4);
  const alone = [
    [0, 8 * 15, 8 * 10],
    [1, 8 * 10, 8 * 10],
  ] as const;
  for (const [a, o, e] of alone) {
    acc.observed[a] = o;
    acc.expected[a] = e;
    acc.share[a] = 8;
    acc.buckets[a] = 8;
  }
  const log = newOverlapLog(16, 0);
  for (let t = shared; t < shared + 8; t++) logOverlap(log, t, 15, 10, Int32Array.of(2, 3), 2);
  for (const a of [2, 3]) acc.buckets[a] = 8;
  const stats = splitByResponse({
    airings,
    byMarket: new Map([['501', Int32Array.of(0, 1, 2, 3)]]),
    first: Int32Array.of(600, DAY_MIN + 600, shared, shared),
    imp: new Float64Array(4),
    isNational: new Uint8Array(4),
    acc,
    markets: [{ log, national: false, scale: 0 }],
    dx: new Float64Array(3 * DAY_MIN),
    db: new Float64Array(3 * DAY_MIN),
    profile: true,
    rounds,
  });
  const attributed = (a: number) => (acc.observed[a] as number) - (acc.expected[a] as number);
  return { stats, acc, attributed };
}

describe('response split of the logged shared minutes', () => {
  test.each([1, 4])(
    'after %i split(s) the shared excess goes to the station that responds',
    (rounds) => {
      const { stats, acc, attributed } = strongBesideNullLog(rounds);

      expect(stats.iterations).toBeLessThanOrEqual(rounds);
      expect(attributed(2)).toBeGreaterThan(39);
      expect(attributed(3)).toBeLessThan(1);
      // Each shared minute's weights sum to 1: the two airings share its 5 visits of excess.
      expect(attributed(2) + attributed(3)).toBeCloseTo(40, 9);
      expect((acc.share[2] as number) + (acc.share[3] as number)).toBeCloseTo(8, 12);
    },
  );

  test('re-splitting keeps a station that shows no response at the floor instead of raising it', () => {
    const once = strongBesideNullLog(1);
    const four = strongBesideNullLog(4);

    expect(four.stats.iterations).toBeGreaterThan(1);
    expect(four.attributed(3)).toBeLessThanOrEqual(once.attributed(3) + 1e-9);
  });
});
