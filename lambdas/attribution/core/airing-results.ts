import type { PostWindow } from './halo';
import { isDirectional, testExcess } from './significance';
import type { Accumulators } from './split';
import type { StationShift } from './station-shrink';
import type { Airing, AiringResult } from './types';
import type { AiringGrid } from './windows';

/**
 * One AiringResult per airing starting in the range (input order), with its index and φ. A
 * function of its own so V8 optimises the loop early (attribute() runs once per report).
 * `shift` (the station shrinkage, 'response' only) moves an airing's expected down and its
 * attributed and interval up by the same amount; its p-value, significance and directional flag
 * stay those of its own window's O and E: the shift borrows other airings' evidence, and a test
 * counting it would flag a no-effect airing because of its station's peers
 * (docs/attribution-method.md §4.4).
 */
export function collectResults(
  airings: Airing[],
  grid: AiringGrid,
  acc: Accumulators,
  post: PostWindow,
  phi: Float64Array,
  alpha: number,
  shift: StationShift | null,
): { indexes: number[]; results: AiringResult[]; phis: number[] } {
  const indexes: number[] = [];
  const results: AiringResult[] = [];
  const phis: number[] = [];
  for (let i = 0; i < airings.length; i++) {
    if (grid.inRange[i] !== 1) continue;
    const observed = acc.observed[i] as number;
    const expected = acc.expected[i] as number;
    const buckets = acc.buckets[i] as number;
    const meanShare = buckets > 0 ? (acc.share[i] as number) / buckets : 0;
    const t = testExcess(observed, expected, phi[i] as number, alpha);
    const directional = isDirectional(expected, meanShare);
    // Without a shift ('equal'), the values are the accumulators' own (no −0 turned into 0). An
    // airing without visits has no shift (it is not in its station's fit).
    const s = shift && buckets > 0 ? (shift.byStation[shift.station[i] as number] as number) : 0;
    const shrunkExpected = shift ? expected - s : expected;
    indexes.push(i);
    phis.push(phi[i] as number);
    results.push({
      airingId: (airings[i] as Airing).id,
      observed,
      expected: shrunkExpected,
      attributed: observed - shrunkExpected,
      pValue: t.pValue,
      ciLow: shift ? t.ciLow + s : t.ciLow,
      ciHigh: shift ? t.ciHigh + s : t.ciHigh,
      significant: t.pValue < alpha && !directional,
      directional,
      dispersion: phi[i] as number,
      meanShare,
      postObserved: post.observed[i] as number,
      postExpected: post.expected[i] as number,
    });
  }
  return { indexes, results, phis };
}
