import { describe, expect, test } from 'vitest';
import { shrinkMeans, shrinkScratch } from '../../../../lambdas/attribution/core/shrinkage';

/** Sums of units given their airings' values; all units under parent 0 unless `parent` says. */
function units(values: number[][], parent?: number[]) {
  const J = values.length;
  const sum = new Float64Array(J);
  const sumSq = new Float64Array(J);
  const count = new Float64Array(J);
  values.forEach((v, j) => {
    for (const y of v) {
      sum[j] = (sum[j] as number) + y;
      sumSq[j] = (sumSq[j] as number) + y * y;
      count[j] = (count[j] as number) + 1;
    }
  });
  const par = Int32Array.from(parent ?? values.map(() => 0));
  const parents = Math.max(...par) + 1;
  return { sum, sumSq, count, parent: par, parents };
}

const shrink = (input: ReturnType<typeof units>, target?: number[]) => {
  const out = new Float64Array(input.count.length);
  shrinkMeans(
    { ...input, target: target ? Float64Array.from(target) : undefined },
    out,
    shrinkScratch(input.parents),
  );
  return Array.from(out);
};

/** n airings alternating mean ± spread. */
const around = (mean: number, spread: number, n: number) =>
  Array.from({ length: n }, (_, i) => mean + (i % 2 === 0 ? spread : -spread));

describe('empirical-Bayes shrinkage of station estimates', () => {
  test('a station with one lucky airing does not outrank a well-measured better station', () => {
    // Airings vary by ±10 visits; four stations with 100 airings each at 0, 10, 20 and 30 visits
    // per airing; one station aired once and scored 36.
    const input = units([
      around(0, 10, 100),
      around(10, 10, 100),
      around(20, 10, 100),
      around(30, 10, 100),
      [36],
    ]);

    const [s0, s10, s20, s30, thin] = shrink(input);

    // The thin station moves toward the market (mean ≈ 15) and below the station at 30.
    expect(thin).toBeLessThan(s30 as number);
    expect(thin).toBeGreaterThan(15);
    // Stations with 100 airings keep their own means.
    expect([s0, s10, s20, s30]).toEqual([0, 10, 20, 30].map((v) => expect.closeTo(v, 0)));
  });

  test('when the stations differ by no more than noise, all go to the market mean', () => {
    const input = units([around(10, 20, 10), around(11, 20, 10), around(9, 20, 10)]);

    expect(shrink(input)).toEqual([10, 10, 10].map((v) => expect.closeTo(v, 9)));
  });

  test('estimates stay signed: a station losing visits keeps a negative estimate', () => {
    const input = units([around(-5, 1, 30), around(20, 1, 30)]);

    const [down, up] = shrink(input);

    expect(down).toBeCloseTo(-5, 1);
    expect(up).toBeCloseTo(20, 1);
  });

  test('each market shrinks toward its own mean, and a given target replaces it', () => {
    const input = units([around(100, 5, 20), [40], around(2, 1, 20), [30]], [0, 0, 1, 1]);

    const [, thinBig = 0, , thinSmall = 0] = shrink(input);
    const [, , , toTarget = 0] = shrink(input, [0, 7]);

    expect(thinBig).toBeGreaterThan(thinSmall);
    // Market 1 has one well-measured station at 2: its thin station moves toward 2, or 7 when told.
    expect(thinSmall).toBeLessThan(30);
    expect(toTarget).toBeGreaterThan(thinSmall);
  });

  test('a station without airings gets its market value', () => {
    const input = units([around(10, 1, 10), []]);

    expect(shrink(input)[1]).toBeCloseTo(10, 9);
  });
});
