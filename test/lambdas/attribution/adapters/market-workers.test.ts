import { afterAll, describe, expect, test } from 'vitest';
import {
  defaultWorkerCount,
  MarketWorkers,
} from '../../../../lambdas/attribution/adapters/market-workers';
import { attributeWith } from '../../../../lambdas/attribution/core/attribute';
import golden from '../core/engine-golden.json';
import { goldenCases, resultDigest } from '../core/golden-scenario';

const pools: MarketWorkers[] = [];
const pool = (workers: number) => {
  const p = new MarketWorkers(workers);
  pools.push(p);
  return p;
};
afterAll(() => Promise.all(pools.map((p) => p.close())));

const want = (name: string) => golden.cases[name as keyof typeof golden.cases].digest;

describe('DMA markets on worker threads give the pinned numbers', () => {
  test.each(goldenCases())('$name with one worker beside the main thread', async (c) => {
    // Prepare
    const workers = pool(1);

    // Act
    const result = await attributeWith(workers, c.airings, c.visits, c.options);

    // Assert: the worker ran markets (it is not a silent fallback to the main thread)
    expect(resultDigest(result)).toBe(want(c.name));
    expect(workers.ran.workers).toBeGreaterThan(0);
    expect(workers.ran.main + workers.ran.workers).toBe(3);
  });

  test('two workers, two runs queued at once: both runs keep their own numbers', async () => {
    // Prepare
    const [minute, local] = goldenCases();
    if (!minute || !local) throw new Error('golden cases missing');
    const workers = pool(2);

    // Act
    const [a, b] = await Promise.all([
      attributeWith(workers, minute.airings, minute.visits, minute.options),
      attributeWith(workers, local.airings, local.visits, local.options),
    ]);

    // Assert
    expect(resultDigest(a)).toBe(want(minute.name));
    expect(resultDigest(b)).toBe(want(local.name));
  });

  test('workers stopped in the middle of a run: the main thread finishes their markets', async () => {
    // Prepare: a first run starts the worker; the second is stopped while it runs
    const [c] = goldenCases();
    if (!c) throw new Error('golden case missing');
    const workers = pool(1);
    await attributeWith(workers, c.airings, c.visits, c.options);

    // Act
    const running = attributeWith(workers, c.airings, c.visits, c.options);
    await new Promise((resolve) => setImmediate(resolve));
    await workers.close();
    const result = await running;

    // Assert
    expect(resultDigest(result)).toBe(want(c.name));
  });

  test('no workers: everything runs on the main thread', async () => {
    const [c] = goldenCases();
    if (!c) throw new Error('golden case missing');

    const workers = pool(0);
    const result = await attributeWith(workers, c.airings, c.visits, c.options);

    expect(resultDigest(result)).toBe(want(c.name));
    expect(workers.ran).toEqual({ main: 3, workers: 0 });
  });
});

describe('worker count', () => {
  test('ATTRIBUTION_WORKERS sets it, 0 turns the workers off', () => {
    expect(defaultWorkerCount({ ATTRIBUTION_WORKERS: '0' })).toBe(0);
    expect(defaultWorkerCount({ ATTRIBUTION_WORKERS: '2' })).toBe(2);
  });

  test('a value that is not a whole number is refused, naming the variable', () => {
    expect(() => defaultWorkerCount({ ATTRIBUTION_WORKERS: 'two' })).toThrow(/ATTRIBUTION_WORKERS/);
    expect(() => defaultWorkerCount({ ATTRIBUTION_WORKERS: '-1' })).toThrow(/ATTRIBUTION_WORKERS/);
  });

  test('unset: the machine’s cores minus the main thread, at most three', () => {
    const n = defaultWorkerCount({});
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThanOrEqual(3);
  });
});
