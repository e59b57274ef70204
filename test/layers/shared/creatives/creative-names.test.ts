import { describe, expect, test } from 'vitest';
import type { PeriodResult } from '#shared/contracts/report.schema';
import { creativeNameMap, withCreativeNames } from '#shared/creatives/creative-names';
import { blankCreative } from '#shared/creatives/creatives';
import { broadcastRow } from '../../../support/broadcast-row';

const named = (id: string, name: string | null) => ({
  ...blankCreative('client-a', id, new Date('2026-11-20T00:00:00Z')),
  name,
});

describe('withCreativeNames', () => {
  test('shows the given names in the Creative table and in every breakdown, keeping the keys', () => {
    const period = {
      tables: {
        creative: [broadcastRow('MATT-30A', 4, 10), broadcastRow('MATT-15B', 2, 3)],
        station: [
          broadcastRow('WABC', 6, 13, {
            creatives: [
              { creative: 'MATT-30A', ads: 4, traffic: 10 },
              { creative: 'MATT-15B', ads: 2, traffic: 3 },
            ],
          }),
        ],
      } as PeriodResult['tables'],
    };
    const names = creativeNameMap([named('MATT-30A', 'Spring sale :30'), named('MATT-15B', null)]);

    const out = withCreativeNames(period, names);

    expect(out.tables.creative?.map((r) => [r.key, r.label])).toEqual([
      ['MATT-30A', 'Spring sale :30'],
      ['MATT-15B', 'MATT-15B'],
    ]);
    expect(out.tables.station?.[0]?.label).toBe('WABC');
    expect(out.tables.station?.[0]?.creatives.map((c) => c.creative)).toEqual([
      'Spring sale :30',
      'MATT-15B',
    ]);
    expect(period.tables.creative[0]?.label).toBe('MATT-30A');
  });
});
