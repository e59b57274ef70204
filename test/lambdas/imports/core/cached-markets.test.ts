import { describe, expect, test } from 'vitest';
import { cachedMarkets, type DmaInfo } from '../../../../lambdas/imports/core/markets';

const NEW_YORK: DmaInfo = { code: '501', name: 'New York', tz: 'America/New_York' };

describe('the market index of one container', () => {
  test('a failed read is not kept: the next import reads the table again', async () => {
    let reads = 0;
    const markets = cachedMarkets(async () => {
      reads++;
      if (reads === 1) throw new Error('ProvisionedThroughputExceededException');
      return [NEW_YORK];
    });

    await expect(markets()).rejects.toThrow('ProvisionedThroughputExceededException');
    const second = await markets();
    const third = await markets();

    expect(second.byName.get('new york')?.code).toBe('501');
    expect(third).toBe(second);
    expect(reads).toBe(2);
  });
});
