import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { gammaP } from '../../../../lambdas/attribution/core/stats';
import { createRng } from '../../../../lambdas/attribution/simulator/prng';
import { airing, MIN, minuteVisits, T0, WEEK_MIN } from './fixtures';

describe('significance', () => {
  test('Poisson tail matches hand values: Pr[X ≥ 3 | λ = 1] = 1 − 2.5/e', () => {
    expect(gammaP(3, 1)).toBeCloseTo(1 - 2.5 / Math.E, 10);
    expect(gammaP(1, 2)).toBeCloseTo(1 - Math.exp(-2), 10);
  });

  test('airings with no effect are flagged significant at about the nominal 5%', () => {
    const len = 9 * WEEK_MIN;
    const rng = createRng(42);
    const x = new Float64Array(len);
    for (let t = 0; t < len; t++) x[t] = rng.poisson(3);
    const airings = [];
    for (let t = 2 * WEEK_MIN + 30, i = 0; t < len - 60; t += 127, i++) {
      airings.push(airing({ id: `n${i}`, startUtc: T0 + t * MIN }));
    }

    const r = attribute(airings, minuteVisits(len, { '501': x }));

    const rate = r.airings.filter((a) => a.significant).length / r.airings.length;
    expect(r.airings.length).toBeGreaterThan(400);
    expect(rate).toBeGreaterThan(0.02);
    expect(rate).toBeLessThan(0.09);
    expect(Math.abs(r.campaign.relativeLift)).toBeLessThan(0.03);
    expect(r.campaign.relativeLiftLow).toBeLessThan(0.05);
  });
});
