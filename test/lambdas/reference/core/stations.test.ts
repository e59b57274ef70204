import { describe, expect, test } from 'vitest';
import type { Station } from '#shared/contracts/stations.schema';
import {
  cachedStations,
  searchStations,
  sortStations,
  stationById,
  stationTags,
} from '../../../../lambdas/reference/core/stations';
import { buildStations } from '../../../../lambdas/reference/core/stations-build';
import { marketNamesOf } from '../../../../lambdas/reference/core/stations-seed';
import { PLACE, SAMPLE_SOURCES, SHIPPED_DMAS, sampleStation } from '../station-samples';

const MARKETS = marketNamesOf(SHIPPED_DMAS);
const LIST = sortStations(buildStations(SAMPLE_SOURCES, PLACE), MARKETS);
const query = (q: Partial<Parameters<typeof searchStations>[1]>) => ({ page: 1, ...q });

describe('the station list built from the public sources', () => {
  test('radio stations are placed in their DMA by city and state, with band, frequency and format', () => {
    expect(sampleStation(LIST, 'radio:KYW')).toEqual({
      id: 'radio:KYW',
      call_sign: 'KYW',
      call_base: 'KYW',
      type: 'radio',
      band: 'AM',
      frequency: '1060 AM',
      city: 'Philadelphia',
      state: 'PA',
      dma_code: '504',
      format: 'news_talk',
      format_raw: 'News/Talk',
      source: 'radio_list',
    });
    expect(sampleStation(LIST, 'radio:WABC').dma_code).toBe('501');
  });

  test('cancelled licences and rows without a U.S. call sign are left out; listed marks are cleaned', () => {
    const ids = LIST.map((s) => s.id);

    expect(ids).not.toContain('radio:DWVXM');
    expect(ids.some((id) => id.includes('MART'))).toBe(false);
    expect(ids).toEqual(expect.arrayContaining(['radio:WKIX-AM', 'radio:WVOC']));
  });

  test('post-log TV stations keep their DMA; national cable networks have none and are grouped National', () => {
    expect(sampleStation(LIST, 'tv:WPVI')).toMatchObject({
      type: 'tv',
      dma_code: '504',
      state: 'PA',
      format: 'broadcast_tv',
    });
    expect(sampleStation(LIST, 'cable:CNNW')).toMatchObject({
      type: 'cable',
      dma_code: null,
      format: 'cable_news',
      source: 'network',
    });
    expect(sampleStation(LIST, 'cable:COM').format).toBe('cable');
  });

  test('no sources, no stations', () => {
    expect(buildStations({ radio: [], fcc: [], postlog: [] }, PLACE)).toEqual([]);
  });
});

describe('searchStations', () => {
  test('pages of 10 with the total, options labelled with frequency, place and format', () => {
    const page = searchStations(LIST, query({}), MARKETS);
    const second = searchStations(LIST, query({ page: 2 }), MARKETS);

    expect(page.stations).toHaveLength(10);
    expect(page.total).toBe(LIST.length);
    expect(page.page_size).toBe(10);
    expect(second.stations).toHaveLength(LIST.length - 10);
    expect(page.stations[0]?.group_header).toMatch(/^New York/);
    expect([...page.stations, ...second.stations]).toContainEqual({
      id: 'radio:KYW',
      label: 'KYW 1060 AM · Philadelphia, PA · News/Talk',
      group_header: expect.stringMatching(/^Philadelphia/),
      type: 'radio',
    });
    expect(second.stations.at(-1)?.group_header).toBe('National');
  });

  test('finds by call sign with or without suffix, by city, by format, and filters by market and type', () => {
    const ids = (q: Partial<Parameters<typeof searchStations>[1]>) =>
      searchStations(LIST, query(q), MARKETS).stations.map((s) => s.id);

    expect(ids({ q: 'wpvi-tv' })).toEqual(['tv:WPVI']);
    expect(ids({ q: 'WIP' })).toEqual(['radio:WIP-FM']);
    expect(ids({ q: 'cincinnati' })).toEqual(['radio:WKRP-AM', 'radio:WKRP-FM']);
    expect(ids({ q: 'news phil' })).toEqual(['radio:KYW']);
    expect(ids({ q: 'kyw', type: 'tv' })).toEqual(['tv:KYW']);
    expect(ids({ market: '501' })).toEqual(['tv:WABC', 'radio:WABC']);
    expect(ids({ format: 'cable_news' })).toEqual(['cable:CNNW']);
    expect(ids({ q: 'zzzz' })).toEqual([]);
  });

  test("a caller's own markets come first", () => {
    const first = searchStations(LIST, query({}), MARKETS, ['515']).stations.slice(0, 2);

    expect(first.map((s) => s.id)).toEqual(['radio:WKRP-AM', 'radio:WKRP-FM']);
  });
});

describe('tags and lookups', () => {
  test('tags count the formats and types carried', () => {
    const tags = stationTags(LIST);

    expect(tags).toContainEqual({ id: 'format:news_talk', label: 'News/Talk', count: 3 });
    expect(tags).toContainEqual({ id: 'type:cable', label: 'Cable', count: 2 });
    expect(tags.find((t) => t.id === 'format:podcast')).toBeUndefined();
    expect(stationTags([])).toEqual([]);
  });

  test('stationById finds a station, and null for an unknown id or an unloaded list', async () => {
    const source = { stations: async () => LIST };

    expect((await stationById(source, 'tv:WPVI'))?.call_sign).toBe('WPVI');
    expect(await stationById(source, 'tv:NOPE')).toBeNull();
    expect(await stationById({ stations: async () => [] }, 'tv:WPVI')).toBeNull();
  });

  test('the cached source reads the store once while fresh, again after its lifetime, and retries an absent list', async () => {
    let reads = 0;
    let stored: Station[] | null = null;
    const store = {
      get: async () => {
        reads++;
        return stored;
      },
      loaded: async () => stored !== null,
      put: async () => undefined,
    };
    let now = 0;
    const source = cachedStations(store, () => now, 60);

    expect(await source.stations()).toEqual([]);
    stored = LIST;
    expect(await source.stations()).toBe(LIST);
    await source.stations();
    const whileFresh = reads;
    now = 61_000;
    await source.stations();

    expect(whileFresh).toBe(2);
    expect(reads).toBe(3);
  });
});
