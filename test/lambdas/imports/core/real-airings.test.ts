import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readPostlogFile } from '../../../../lambdas/imports/core/read-postlog-file';
import { resolveDataDir } from '../../../../layers/shared/reference/dmas';

const dataDir = resolveDataDir();
const file = join(dataDir, 'political-tv-ad-airings-2016', 'airings.csv');
const exists = existsSync(file);

describe('the real 2016 political post-log', () => {
  test.skipIf(!exists)(
    `imports all 85,133 airings with the automatic match alone${exists ? '' : ' (skipped: ../shared/data not present)'}`,
    async () => {
      const result = await readPostlogFile(file, { dataDir });

      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([]);
      expect(result.advertiser).toBe('airings');
      expect(result.airings).toHaveLength(85133);
      expect(new Set(result.airings.map((a) => a.station)).size).toBe(77);
      const markets = new Set(result.airings.map((a) => a.market));
      expect(markets.size).toBe(14);
      expect(markets.has('national')).toBe(true);
      expect(result.airings[0]).toMatchObject({
        id: '1',
        station: 'KDTV',
        market: '807',
        startUtc: Date.parse('2016-06-01T15:30:06Z') / 1000,
        tz: 'America/Los_Angeles',
        creative: 'PolAd_DonaldTrump_0mdjo',
        lengthS: 30,
        stationType: 'tv',
      });
      expect(result.airings.filter((a) => a.stationType === 'cable').every((a) => a.market === 'national')).toBe(true);
    },
    30_000,
  );
});
