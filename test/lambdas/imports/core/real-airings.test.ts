import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveDataDir } from '#shared/reference/dmas';
import { readPostlogFile } from '../../../../lambdas/imports/core/read-postlog-file';
import { announceSkip } from '../../../support/real-data';

const dataDir = resolveDataDir();
const file = join(dataDir, 'political-tv-ad-airings-2016', 'airings.csv');
const exists = existsSync(file);
announceSkip(exists, 'real post-log import tests', dataDir);

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
      expect(
        result.airings
          .filter((a) => a.stationType === 'cable')
          .every((a) => a.market === 'national'),
      ).toBe(true);
    },
    30_000,
  );
});

describe('the real post-log through the import use case', () => {
  test.skipIf(!exists)(
    `uploads complete with every airing new and the client's counts set${exists ? '' : ' (skipped: ../shared/data not present)'}`,
    async () => {
      const { readFile } = await import('node:fs/promises');
      const { loadDmas } = await import('#shared/reference/dmas');
      const { marketIndex } = await import('../../../../lambdas/imports/core/markets');
      const { createUpload } = await import('../../../../lambdas/imports/core/create-upload');
      const { onObjectCreated } = await import(
        '../../../../lambdas/imports/core/on-object-created'
      );
      const { memoryDeps } = await import('../fakes');
      const deps = memoryDeps();
      const index = marketIndex((await loadDmas(dataDir)).values());
      deps.markets = async () => index;
      await deps.companies.addMembership('alice', 'org-a');
      const text = await readFile(file, 'utf8');
      const caller = {
        userId: 'alice',
        email: null,
        emailVerified: true,
        staff: false,
        agent: false,
      };
      const send = async () => {
        const { postlog_id } = await createUpload(deps, caller, {
          kind: 'postlog',
          file_name: 'airings.csv',
          content_type: 'text/csv',
          advertiser: 'Presidential 2016',
        });
        const key = (await deps.jobs.get(postlog_id))!.object_key;
        deps.uploads.objects.set(key, text);
        await onObjectCreated(deps, key);
        return (await deps.jobs.get(postlog_id))!;
      };

      const first = await send();

      expect(first.status).toBe('complete');
      expect(first.report).toMatchObject({
        rows: 85133,
        new_spots: 85133,
        updated_spots: 0,
        error_count: 0,
        warning_count: 0,
        newadvertisers: ['Presidential 2016'],
      });
      expect(first.report?.newstations).toHaveLength(77);
      expect(first.report?.newmarkets).toHaveLength(14);
      expect(deps.lake.airings.size).toBe(161);
      const client = (await deps.companies.listClientsOfOrg('org-a'))[0];
      expect(client).toMatchObject({
        airings: 85133,
        first_airing_utc: '2016-06-01T15:30:06.000Z',
        last_airing_utc: '2016-11-08T07:58:54.000Z',
      });
    },
    60_000,
  );
});
