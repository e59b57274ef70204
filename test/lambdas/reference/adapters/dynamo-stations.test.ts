import { describe, expect, test } from 'vitest';
import type { Station } from '#shared/contracts/stations.schema';
import {
  chunkStations,
  DynamoStations,
} from '../../../../lambdas/reference/adapters/dynamo-stations';
import { loadStations, marketNamesOf } from '../../../../lambdas/reference/core/stations-seed';
import { dynamoLocalForFile } from '../../../support/dynamo-local';
import { PLACE, SAMPLE_SOURCES, SHIPPED_DMAS } from '../station-samples';

const TABLE = 'stations-test';
const local = dynamoLocalForFile({ name: 'stations', companiesTable: TABLE });

/** n made-up stations of about 250 bytes each. */
const many = (n: number, tag = 'A'): Station[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `radio:W${tag}${i}`,
    call_sign: `W${tag}${i}`,
    call_base: `W${tag}${i}`,
    type: 'radio',
    band: 'FM',
    frequency: '101.1 FM',
    city: 'Somewhere Far Away From Everything',
    state: 'OH',
    dma_code: '515',
    format: 'country',
    format_raw: 'Classic country with some bluegrass on Sundays',
    source: 'radio_list',
  }));

describe('the station list in the CompaniesTable', () => {
  test('17K stations do not fit one item: they are kept in chunks under 350 KB and read back whole', async () => {
    const store = new DynamoStations(local.doc, TABLE);
    const list = many(17_000);

    await store.put(list);
    const back = await store.get();

    expect(chunkStations(list).every((c) => Buffer.byteLength(c) <= 350_000)).toBe(true);
    expect(chunkStations(list).length).toBeGreaterThan(5);
    expect(back).toEqual(list);
  });

  test('a shorter reload replaces the list: chunks of the longer one are not read back', async () => {
    const store = new DynamoStations(local.doc, TABLE);
    await store.put(many(17_000));

    await store.put(many(3, 'B'));

    expect((await store.get())?.map((s) => s.id)).toEqual(['radio:WB0', 'radio:WB1', 'radio:WB2']);
  });

  test('seeding loads once; a second seed leaves it, --force reloads, no sources never blanks it', async () => {
    const store = new DynamoStations(local.doc, 'stations-seed-test');
    const { ensureCompaniesTable } = await import('../../../../lib/local/dynamodb');
    await ensureCompaniesTable(local.endpoint, 'stations-seed-test');
    const markets = marketNamesOf(SHIPPED_DMAS);

    const first = await loadStations(store, SAMPLE_SOURCES, PLACE, markets);
    const again = await loadStations(store, SAMPLE_SOURCES, PLACE, markets);
    const empty = await loadStations(
      store,
      { radio: [], fcc: [], postlog: [] },
      PLACE,
      markets,
      true,
    );
    const forced = await loadStations(store, SAMPLE_SOURCES, PLACE, markets, true);

    expect([first > 10, again, empty, forced]).toEqual([true, 0, 0, first]);
    expect((await store.get())?.length).toBe(first);
  });
});
