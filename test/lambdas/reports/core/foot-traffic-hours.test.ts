import { describe, expect, test } from 'vitest';
import type { LocationHours } from '#shared/contracts/locations.schema';
import { type Location, MemoryLocations } from '#shared/locations/locations';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import type { LocationVisits, VisitColumnsResult } from '../../../../lambdas/reports/core/ports';
import { airing, FakeQueryEngine } from '../fakes';
import { runReport } from '../run-report';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const HISTORY = MAR4 - 56 * 86400;
const AIRINGS = [airing('1', MAR4 + 15 * 3600), airing('2', MAR4 + 86400 + 20 * 3600)];

function flat(step: number, perBucket: number): VisitColumnsResult {
  const n = (63 * 86400) / step;
  const bucketUtc = new Float64Array(n).map((_, i) => HISTORY + i * step);
  return {
    bucketUtc,
    ...dmaDictionary(new Array<string>(n).fill('501')),
    values: new Float64Array(n).fill(perBucket),
  };
}

const VISITS: LocationVisits[] = [
  { location_id: 'Store #1', dma_code: '501', visits: 300 },
  { location_id: 'Store #2', dma_code: '501', visits: 100 },
];
const nineToFive = { open: '09:00', close: '17:00' };
const HOURS: LocationHours = {
  mon: nineToFive,
  tue: nineToFive,
  wed: nineToFive,
  thu: nineToFive,
  fri: nineToFive,
  sat: null,
  sun: null,
};
const location = (over: Partial<Location>): Location => ({
  uid: 'loc-1',
  store_id: 'Store #1',
  name: 'Store #1',
  address: '',
  dma_code: '501',
  timezone: 'America/New_York',
  nickname: null,
  hours: null,
  ...over,
});

async function run(locations: Location[]) {
  const store = new MemoryLocations();
  for (const l of locations) await store.createLocation('client-a', l);
  const query = new FakeQueryEngine(
    AIRINGS,
    { minute: flat(60, 2) },
    { hour: flat(3600, 20) },
    VISITS,
  );
  const out = await runReport(query, undefined, { locations: store });
  return { ...out, query };
}

describe('foot traffic and store opening hours', () => {
  test('a location with hours sends its week of hours in its zone to the store-visit read, and the report says visits outside them are not counted', async () => {
    const { view, query } = await run([location({ hours: HOURS })]);

    expect(query.lastOpen).toEqual([
      {
        location_id: 'Store #1',
        timezone: 'America/New_York',
        rules: [1, 2, 3, 4, 5].map((isodow) => ({ isodow, fromMin: 540, toMin: 1020 })),
      },
    ]);
    expect(view.foot_traffic?.outside_hours_excluded).toBe(true);
  });

  test('locations without hours count every store visit and the report makes no such note', async () => {
    const { view, query } = await run([location({})]);

    expect(query.lastOpen ?? []).toEqual([]);
    expect(view.foot_traffic?.outside_hours_excluded).toBeUndefined();
  });

  test('the report lists a location by its nickname where the client set one', async () => {
    const { view } = await run([location({ nickname: 'Flagship' })]);

    expect(view.foot_traffic?.locations.map((l) => [l.location_id, l.nickname])).toEqual([
      ['Store #1', 'Flagship'],
      ['Store #2', undefined],
    ]);
  });
});
