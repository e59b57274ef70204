import { describe, expect, test } from 'vitest';
import {
  logOverlap,
  newOverlapLog,
  type OverlapLog,
} from '../../../../lambdas/attribution/core/overlap-log';
import {
  type ResponseSplitInput,
  splitByResponse,
} from '../../../../lambdas/attribution/core/response-split';
import { type Accumulators, newAccumulators } from '../../../../lambdas/attribution/core/split';
import type { Airing } from '../../../../lambdas/attribution/core/types';
import { airing, MIN, T0 } from './fixtures';

const DAY_MIN = 1440;

/**
 * The response split of one DMA's logged shared minutes over three days, its airings local and
 * without impressions, split by the response profile.
 */
function splitOneDma(
  airings: Airing[],
  first: Int32Array,
  acc: Accumulators,
  log: OverlapLog,
  options: Pick<ResponseSplitInput, 'rounds' | 'reportedFrom'>,
) {
  const n = airings.length;
  return splitByResponse({
    airings,
    byMarket: new Map([['501', Int32Array.from({ length: n }, (_, a) => a)]]),
    first,
    imp: new Float64Array(n),
    isNational: new Uint8Array(n),
    acc,
    markets: [{ log, national: false, scale: 0 }],
    dx: new Float64Array(3 * DAY_MIN),
    db: new Float64Array(3 * DAY_MIN),
    profile: true,
    ...options,
  });
}

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
  const stats = splitOneDma(airings, Int32Array.of(600, DAY_MIN + 600, shared, shared), acc, log, {
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

/**
 * The same four airings after two history airings (STRONG and NULL together on the day before,
 * 8 shared minutes with 5 extra visits each, outside the reported range), split once by a flat
 * response profile over the 8 minutes of a window (as single owners' minutes would give it),
 * with the reported range's first minute given or not.
 */
function withHistory(reportedFrom: number | undefined) {
  const reported = 600;
  const shared = 2 * DAY_MIN + 600;
  const airings = [
    airing({ id: 'strong-history', station: 'STRONG', startUtc: T0 + 100 * MIN }),
    airing({ id: 'null-history', station: 'NULL', startUtc: T0 + 100 * MIN }),
    airing({ id: 'strong-alone', station: 'STRONG', startUtc: T0 + reported * MIN }),
    airing({ id: 'null-alone', station: 'NULL', startUtc: T0 + (DAY_MIN + 600) * MIN }),
    airing({ id: 'strong-shared', station: 'STRONG', startUtc: T0 + shared * MIN }),
    airing({ id: 'null-shared', station: 'NULL', startUtc: T0 + shared * MIN }),
  ];
  const acc = newAccumulators(6);
  for (const [a, o] of [
    [2, 8 * 15],
    [3, 8 * 10],
  ] as const) {
    acc.observed[a] = o;
    acc.expected[a] = 8 * 10;
    acc.share[a] = 8;
    acc.buckets[a] = 8;
  }
  const log = newOverlapLog(32, 8);
  for (let k = 0; k < 8; k++) {
    log.profileSum[k] = 5 * 40;
    log.profileCount[k] = 40;
    // Both pairs' shared slots, counted by minute since their airing's start.
    log.sharedOwn[k] = 4;
  }
  for (let t = 100; t < 108; t++) logOverlap(log, t, 15, 10, Int32Array.of(0, 1), 2);
  for (let t = shared; t < shared + 8; t++) logOverlap(log, t, 15, 10, Int32Array.of(4, 5), 2);
  for (const a of [0, 1, 4, 5]) acc.buckets[a] = 8;
  const stats = splitOneDma(
    airings,
    Int32Array.of(100, 100, reported, DAY_MIN + 600, shared, shared),
    acc,
    log,
    { rounds: 1, ...(reportedFrom === undefined ? {} : { reportedFrom }) },
  );
  return { acc, stats };
}

describe('the one split that credits, with history before the reported range', () => {
  test('credits the reported airings exactly as when the history is split too, and skips the history', () => {
    const all = withHistory(undefined);
    const reported = withHistory(600);

    expect(Array.from(reported.stats.profile)).toHaveLength(8);
    for (const a of [2, 3, 4, 5]) {
      expect(reported.acc.observed[a]).toBe(all.acc.observed[a]);
      expect(reported.acc.expected[a]).toBe(all.acc.expected[a]);
      expect(reported.acc.share[a]).toBe(all.acc.share[a]);
    }
    // The shared excess still goes to the station that responds.
    const attributed = (a: number) =>
      (all.acc.observed[a] as number) - (all.acc.expected[a] as number);
    expect(attributed(4)).toBeGreaterThan(39);
    // Split in full, the history pair shares its 8 minutes; skipped, it is credited nothing.
    expect((all.acc.share[0] as number) + (all.acc.share[1] as number)).toBeCloseTo(8, 12);
    expect(reported.acc.share[0]).toBe(0);
    expect(reported.acc.share[1]).toBe(0);
    expect(reported.acc.observed[0]).toBe(0);
  });
});
