import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { NATIONAL } from '../../../../lambdas/attribution/core/types';
import { goldenCases, resultDigest } from './golden-scenario';

/**
 * The response split's shared-bucket logs are kept from one run to the next, one per DMA in task
 * order: a later run must not see what an earlier run over other markets left in them.
 */
describe('overlap logs kept from one run to the next', () => {
  test('a run after a larger run over other markets gives the bits it gave before it', () => {
    // Prepare: one DMA with the national airings, then all three DMAs (the first log now holds
    // another DMA's buckets, with more national sharers and a different size).
    const [minute] = goldenCases();
    if (!minute) throw new Error('no golden case');
    const few = minute.airings.filter((a) => a.market === '803' || a.market === NATIONAL);
    const run = (airings: typeof few) => attribute(airings, minute.visits, minute.options);

    // Act
    const before = resultDigest(run(few));
    const all = resultDigest(run(minute.airings));
    const after = resultDigest(run(few));

    // Assert
    expect(after).toBe(before);
    expect(all).not.toBe(before);
  });
});
