import { describe, expect, test } from 'vitest';
import { makeHandler as industriesHandler } from '../../../../lambdas/reference/handlers/industries.handler';
import { makeHandler as regionsHandler } from '../../../../lambdas/reference/handlers/regions.handler';
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

  test('answer empty lists before the reference data is loaded', async () => {
    const res = await regionsHandler(() => memoryReference())(
      httpEvent({ sub: null }),
      lambdaContext,
    );

    expect(bodyOf(res)).toMatchObject({ success: true, result: { regions: [] } });
  });
});
