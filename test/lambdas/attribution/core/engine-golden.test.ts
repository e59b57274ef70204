import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import golden from './engine-golden.json';
import { goldenCases, resultDigest } from './golden-scenario';

/**
 * The engine's numbers stay the same to the last bit: speed work must not change any result.
 * engine-golden.json holds digests on a workload that reaches the engine's rare paths
 * (golden-scenario.ts), for the response split and for the equal split (whose digests are those
 * of the engine before the response split existed); a change in any airing's O, E, φ, share or
 * post-window sums, or in a campaign sum, changes the digest.
 */
describe('attribution results are pinned to the pre-optimisation engine', () => {
  test.each(goldenCases())('$name: every airing and campaign number is unchanged', (c) => {
    // Prepare
    const want = golden.cases[c.name as keyof typeof golden.cases];

    // Act
    const result = attribute(c.airings, c.visits, c.options);

    // Assert
    expect(result.airings).toHaveLength(want.airings);
    expect(resultDigest(result)).toBe(want.digest);
  });

  test('a second run in the same process (reused work buffers) gives the same bits', () => {
    const [c] = goldenCases();
    if (!c) throw new Error('no golden case');

    const first = resultDigest(attribute(c.airings, c.visits, c.options));
    const second = resultDigest(attribute(c.airings, c.visits, c.options));

    expect(second).toBe(first);
  });
});
