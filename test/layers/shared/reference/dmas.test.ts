import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadDmas, resolveDataDir } from '#shared/reference/dmas';
import { stateOfLongName, zoneOfState } from '#shared/reference/state-zones';

const dir = mkdtempSync(join(tmpdir(), 'data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadDmas', () => {
  test("reads the data folder's code, name, rank, TV homes and a zone derived from the state", async () => {
    mkdirSync(join(dir, 'nielsen-dma'));
    writeFileSync(
      join(dir, 'nielsen-dma', 'dma.csv'),
      [
        'dma_code,rank,dma_name,dma_name_long,tv_homes,pct_us_tv_homes,centroid_lat,centroid_lon',
        '501,1,New York,"New York, NY",7384340,6.468,40.8,-73.6',
        '765,98,El Paso (Las Cruces),"El Paso, TX",300000,0.3,31.5,-105.7',
        '744,72,Honolulu,,400000,0.4,,',
      ].join('\n'),
    );

    const dmas = await loadDmas(dir);

    expect(dmas.get('501')).toEqual({
      code: '501',
      name: 'New York',
      rank: 1,
      tvHomes: 7384340,
      tz: 'America/New_York',
      longName: 'New York, NY',
    });
    expect(dmas.get('765')?.tz).toBe('America/Denver');
    expect(dmas.get('744')?.tz).toBeNull();
  });

  test('the data folder comes from DATA_DIR, else ../shared/data beside the project', () => {
    expect(resolveDataDir({ DATA_DIR: '/x/y' })).toBe('/x/y');
    expect(resolveDataDir({})).toBe(resolve(process.cwd(), '..', 'shared', 'data'));
  });
});

describe('state zone rule', () => {
  test.each([
    ['Boston, MA (Manchester, NH)', 'MA'],
    ['Greenville-Spartanburg, SC-Asheville, NC-Anderson,SC', 'SC'],
    ['Tri-Cities, TN-VA', 'TN'],
  ])('the state of %j is %s', (name, state) => {
    expect(stateOfLongName(name)).toBe(state);
  });

  test.each([
    ['AZ', -112, 33.5, 'America/Phoenix'],
    ['TX', -97, 32.8, 'America/Chicago'],
    ['FL', -85.4, 30.3, 'America/Chicago'],
    ['FL', -81.9, 27.9, 'America/New_York'],
    ['TN', -84.0, 35.9, 'America/New_York'],
    ['TN', -86.6, 36.1, 'America/Chicago'],
    ['KY', -86.0, 37.0, 'America/Chicago'],
    ['IN', -87.6, 38.0, 'America/Chicago'],
    ['IN', -87.7, 39.5, 'America/New_York'],
    ['SD', -104.5, 44.1, 'America/Denver'],
    ['HI', null, null, 'Pacific/Honolulu'],
    ['AK', null, null, 'America/Anchorage'],
  ])('%s at (%s, %s) is %s', (state, lon, lat, zone) => {
    expect(zoneOfState(state, lon, lat)).toBe(zone);
  });
});
