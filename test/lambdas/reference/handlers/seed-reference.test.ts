import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { describe, expect, test } from 'vitest';
import { makeHandler } from '../../../../lambdas/reference/handlers/seed-reference.handler';
import { memoryReference } from '../memory-reference';

const event = (RequestType: 'Create' | 'Update' | 'Delete') =>
  ({
    RequestType,
    PhysicalResourceId: 'reference-lists',
    ResourceProperties: { ServiceToken: 'arn', Version: 'v1' },
  }) as unknown as CloudFormationCustomResourceEvent;

describe('the deploy-time reference seed', () => {
  test('a first deploy loads the shipped industries, regions and DMAs, names included', async () => {
    const store = memoryReference();

    const result = await makeHandler(() => store)(event('Create'));

    expect(result).toEqual({
      PhysicalResourceId: 'reference-lists',
      Data: { industries: 583, regions: 210, dmas: 210 },
    });
    const industries = await store.get<{ id: string; name: string }>('industries');
    const regions = await store.get<{ id: string; name: string; parent: string }>('regions');
    const dmas = await store.get<{ code: string; tz: string | null }>('dmas');
    expect(industries?.find((i) => i.id === '1268')?.name).toBe('Furniture');
    expect(regions?.[0]).toEqual({ id: '501', name: 'New York, NY', parent: 'NY', rank: 1 });
    expect(dmas?.find((d) => d.code === '765')?.tz).toBe('America/Denver');
  });

  test('a deploy with changed lists replaces what the table held', async () => {
    const store = memoryReference();
    await store.put('regions', [{ id: '501', name: 'Old name', parent: 'NY', rank: 1 }]);

    await makeHandler(() => store)(event('Update'));

    expect((await store.get<{ name: string }>('regions'))?.[0]?.name).toBe('New York, NY');
  });

  test('removing the stack leaves the lists where they are', async () => {
    const store = memoryReference();

    const result = await makeHandler(() => store)(event('Delete'));

    expect(result).toEqual({ PhysicalResourceId: 'reference-lists' });
    expect(store.puts).toBe(0);
  });
});
