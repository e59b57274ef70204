import { describe, expect, test } from 'vitest';
import { makeHandler as industriesHandler } from '../../../../lambdas/reference/handlers/industries.handler';
import { makeHandler as regionsHandler } from '../../../../lambdas/reference/handlers/regions.handler';
import { MemoryIndustryBenchmarks } from '../../../../lambdas/reports/adapters/memory-industry-benchmarks';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import { memoryReference } from '../memory-reference';

describe('GET industries / regions', () => {
  test('answer the loaded lists to an anonymous caller (the registration form needs them)', async () => {
    const store = memoryReference();
    await store.put('industries', [{ id: '1268', name: 'Furniture' }]);
    await store.put('regions', [{ id: '501', name: 'New York, NY', parent: 'NY' }]);

    const industries = await industriesHandler(() => store)(
      httpEvent({ sub: null }),
      lambdaContext,
    );
    const regions = await regionsHandler(() => store)(httpEvent({ sub: null }), lambdaContext);

    expect(bodyOf(industries).result).toEqual({ industries: [{ id: '1268', name: 'Furniture' }] });
    expect(bodyOf(regions).result).toEqual({
      regions: [{ id: '501', name: 'New York, NY', parent: 'NY' }],
    });
  });

  test('industries carry their weekly trend: real clients’ first, sample-data ones when there are none', async () => {
    const store = memoryReference();
    await store.put('industries', [
      { id: '1268', name: 'Furniture' },
      { id: '1100', name: 'Tires' },
    ]);
    const trend = (pct: number, sample: boolean) => ({
      avg_newusers_delta_pct_from_prev: pct,
      advertisers: 3,
      week_end: '2026-11-21',
      sample_data: sample,
    });
    const benchmarks = new MemoryIndustryBenchmarks();
    await benchmarks.putTrend('1268', true, trend(-4.2, true));
    const answer = async () =>
      (
        bodyOf(
          await industriesHandler(
            () => store,
            () => benchmarks,
          )(httpEvent({ sub: null }), lambdaContext),
        ).result as { industries: unknown[] }
      ).industries;

    const sampleOnly = await answer();
    await benchmarks.putTrend('1100', false, trend(2.5, false));
    const withReal = await answer();

    expect(sampleOnly).toEqual([
      { id: '1268', name: 'Furniture', trends: trend(-4.2, true) },
      { id: '1100', name: 'Tires' },
    ]);
    expect(withReal).toEqual([
      { id: '1268', name: 'Furniture' },
      { id: '1100', name: 'Tires', trends: trend(2.5, false) },
    ]);
  });

  test('answer empty lists before the reference data is loaded', async () => {
    const res = await regionsHandler(() => memoryReference())(
      httpEvent({ sub: null }),
      lambdaContext,
    );

    expect(bodyOf(res)).toMatchObject({ success: true, result: { regions: [] } });
  });
});
