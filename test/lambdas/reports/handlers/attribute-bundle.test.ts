import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketWorkers } from '../../../../lambdas/attribution/adapters/market-workers';
import { attributeWith } from '../../../../lambdas/attribution/core/attribute';
import { lambdaBuildOptions } from '../../../../lib/constructs/lambda-bundle-options';
import golden from '../../attribution/core/engine-golden.json';
import { goldenCases, resultDigest } from '../../attribution/core/golden-scenario';

// The Attribute Lambda's market workers run the Lambda's own bundle file (import.meta.url of the
// bundle). Built here the way CDK builds it, the bundle must boot as a worker without running the
// handler, and its markets must give the pinned numbers.
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ao-attribute-bundle-'));
  const outfile = join(dir, 'index.mjs');
  await build({
    entryPoints: ['lambdas/reports/handlers/steps/attribute.handler.ts'],
    outfile,
    ...lambdaBuildOptions(),
  });
  bundle = pathToFileURL(outfile).href;
}, 60_000);

const pools: MarketWorkers[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('the Attribute Lambda bundle as a market worker', () => {
  test('runs DMA markets and gives the pinned numbers', async () => {
    const [c] = goldenCases();
    if (!c) throw new Error('golden case missing');
    const workers = new MarketWorkers(1, bundle);
    pools.push(workers);

    const result = await attributeWith(workers, c.airings, c.visits, c.options);

    expect(workers.ran.workers).toBeGreaterThan(0);
    expect(resultDigest(result)).toBe(golden.cases.minute.digest);
  });
});
