import { describe, expect, test } from 'vitest';
import { rebuildVisitDays } from '../../../../../lambdas/connections/core/pull/rebuild-visits';
import type { VisitsColumns } from '../../../../../lambdas/imports/core/types';
import { pullDeps, visits } from '../../pull-fakes';

const DAY = '2016-06-01';
const t = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00Z`) / 1000;

/** The client's visits of `DAY` at a resolution, as readers see them: [bucket, dma, sessions]. */
function seen(deps: ReturnType<typeof pullDeps>, resolution: 'minute' | 'hour') {
  const v: VisitsColumns | undefined = deps.lake.visits.get(`c1/${resolution}/${DAY}`);
  if (!v) return null;
  return Array.from({ length: v.length }, (_, i) => [
    v.bucketUtc[i],
    v.dmaCodes[v.dmaIndex[i]!],
    v.sessions[i],
  ]);
}

async function stage(
  deps: ReturnType<typeof pullDeps>,
  property: string,
  rows: VisitsColumns,
  localDate = DAY,
) {
  await deps.staging.putLocalDay('c1', property, localDate, new Map([[DAY, rows]]));
}

describe('partition replacement', () => {
  test('a re-pull of a day replaces it whole: no minute is counted twice', async () => {
    const deps = pullDeps();
    await stage(
      deps,
      '1001',
      visits('minute', [
        [t('12:00'), '602', 5],
        [t('12:01'), '602', 2],
      ]),
    );
    await rebuildVisitDays(deps, 'c1', [DAY]);

    await stage(deps, '1001', visits('minute', [[t('12:00'), '602', 6]]));
    await rebuildVisitDays(deps, 'c1', [DAY]);

    expect(seen(deps, 'minute')).toEqual([[t('12:00'), '602', 6]]);
    expect(seen(deps, 'hour')).toBeNull();
  });

  test('two properties of the client add up, minute by minute and DMA by DMA', async () => {
    const deps = pullDeps();
    await stage(
      deps,
      '1001',
      visits('minute', [
        [t('12:00'), '602', 5],
        [t('12:00'), '', 1],
      ]),
    );
    await stage(
      deps,
      '2002',
      visits('minute', [
        [t('12:00'), '602', 3],
        [t('12:05'), '501', 4],
      ]),
    );

    await rebuildVisitDays(deps, 'c1', [DAY]);
    await rebuildVisitDays(deps, 'c1', [DAY]);

    expect(seen(deps, 'minute')).toEqual([
      [t('12:00'), '', 1],
      [t('12:00'), '602', 8],
      [t('12:05'), '501', 4],
    ]);
  });

  test('a day with no rows is an empty partition, replacing the rows a day had before', async () => {
    const deps = pullDeps();
    await stage(deps, '1001', visits('minute', [[t('12:00'), '602', 5]]));
    await rebuildVisitDays(deps, 'c1', [DAY]);

    await stage(deps, '1001', visits('minute', []));
    await rebuildVisitDays(deps, 'c1', [DAY]);
    const other = pullDeps();
    await stage(other, '1001', visits('minute', []));
    await rebuildVisitDays(other, 'c1', [DAY]);

    expect(seen(deps, 'minute')).toEqual([]);
    expect(seen(other, 'minute')).toEqual([]);
  });

  test('a rebuilt day replaces rows an import wrote that day and keeps the days around it', async () => {
    const deps = pullDeps();
    const gen = 'visits';
    await deps.lake.writeVisits(
      'c1',
      'minute',
      gen,
      '2016-05-31',
      visits('minute', [[t('00:00') - 60, '602', 9]]),
    );
    await deps.lake.writeVisits(
      'c1',
      'minute',
      gen,
      DAY,
      visits('minute', [[t('00:00'), '602', 9]]),
    );
    await stage(deps, '1001', visits('minute', [[t('12:00'), '602', 5]]));

    await rebuildVisitDays(deps, 'c1', [DAY]);

    expect(seen(deps, 'minute')).toEqual([[t('12:00'), '602', 5]]);
    expect(deps.lake.visits.get('c1/minute/2016-05-31')?.sessions[0]).toBe(9);
  });

  test('a property turned hourly empties its minutes; the hours count it and the minute properties rolled up', async () => {
    const deps = pullDeps();
    await stage(deps, '1001', visits('minute', [[t('12:00'), '602', 5]]));
    await stage(deps, '2002', visits('minute', [[t('12:30'), '602', 3]]));
    await rebuildVisitDays(deps, 'c1', [DAY]);

    await stage(deps, '1001', visits('hour', [[t('12:00'), '602', 7]]));
    await rebuildVisitDays(deps, 'c1', [DAY]);

    expect(seen(deps, 'minute')).toEqual([[t('12:30'), '602', 3]]);
    expect(seen(deps, 'hour')).toEqual([[t('12:00'), '602', 10]]);
  });
});
