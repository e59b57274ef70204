import { describe, expect, test } from 'vitest';
import { sortStations } from '../../../../lambdas/reference/core/stations';
import { buildStations } from '../../../../lambdas/reference/core/stations-build';
import type { StationQueryDeps } from '../../../../lambdas/reference/core/stations-queries';
import { marketNamesOf } from '../../../../lambdas/reference/core/stations-seed';
import { makeHandler as globalHandler } from '../../../../lambdas/reference/handlers/global-stations.handler';
import { makeHandler as stationsHandler } from '../../../../lambdas/reference/handlers/stations.handler';
import { makeHandler as tagsHandler } from '../../../../lambdas/reference/handlers/tags.handler';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import { PLACE, SAMPLE_SOURCES, SHIPPED_DMAS } from '../station-samples';

const MARKETS = marketNamesOf(SHIPPED_DMAS);
const LIST = sortStations(buildStations(SAMPLE_SOURCES, PLACE), MARKETS);

function deps(list = LIST, profileMarkets: Record<string, string[]> = {}): () => StationQueryDeps {
  return () => ({
    source: { stations: async () => list },
    markets: MARKETS,
    marketsOf: async (userId) => profileMarkets[userId] ?? [],
  });
}

describe('GET stations / global_stations / tags', () => {
  test('answer an anonymous caller (registration needs them before sign-in)', async () => {
    const stations = await stationsHandler(deps())(
      httpEvent({ sub: null, query: { q: 'wpvi' } }),
      lambdaContext,
    );
    const tags = await tagsHandler(deps())(httpEvent({ sub: null }), lambdaContext);

    expect(stations.statusCode).toBe(200);
    expect(bodyOf(stations).result).toMatchObject({
      stations: [{ id: 'tv:WPVI' }],
      total: 1,
      page: 1,
    });
    expect((bodyOf(tags).result as { tags: unknown[] }).tags.length).toBeGreaterThan(3);
  });

  test("stations lists a signed-in rep's markets first; global_stations keeps the list's order", async () => {
    const event = () => httpEvent({ sub: 'rep-1', query: {} });
    const mine = await stationsHandler(deps(LIST, { 'rep-1': ['515'] }))(event(), lambdaContext);
    const all = await globalHandler(deps(LIST, { 'rep-1': ['515'] }))(event(), lambdaContext);
    const firstId = (r: { body?: string }) =>
      (bodyOf(r).result as { stations: Array<{ id: string }> }).stations[0]?.id;

    expect(firstId(mine)).toBe('radio:WKRP-AM');
    expect(firstId(all)).not.toBe('radio:WKRP-AM');
  });

  test("stations lists the markets the page prefers first (a rep's ticked markets before sign-in)", async () => {
    const response = await stationsHandler(deps())(
      httpEvent({ sub: null, query: { prefer: '515,504' } }),
      lambdaContext,
    );
    const ids = (bodyOf(response).result as { stations: Array<{ id: string }> }).stations.map(
      (s) => s.id,
    );

    // New York ranks first in the list; the preferred Philadelphia and Cincinnati come before it.
    expect(ids.slice(0, 7)).toEqual([
      'tv:KYW',
      'tv:WPVI',
      'radio:KYW',
      'radio:WIP-FM',
      'radio:WMMR',
      'radio:WKRP-AM',
      'radio:WKRP-FM',
    ]);
  });

  test('global_stations?id= answers that one station, or an empty page for an unknown id', async () => {
    const one = await globalHandler(deps())(
      httpEvent({ sub: null, query: { id: 'cable:CNNW' } }),
      lambdaContext,
    );
    const none = await globalHandler(deps())(
      httpEvent({ sub: null, query: { id: 'tv:NOPE' } }),
      lambdaContext,
    );

    expect(bodyOf(one).result).toEqual({
      stations: [
        {
          id: 'cable:CNNW',
          label: 'CNNW · National · Cable News',
          group_header: 'National',
          type: 'cable',
        },
      ],
      page: 1,
      total: 1,
      page_size: 10,
    });
    expect(bodyOf(none).result).toMatchObject({ stations: [], total: 0 });
  });

  test('without a loaded list every route answers an empty page, not an error', async () => {
    const stations = await stationsHandler(deps([]))(
      httpEvent({ sub: null, query: { q: 'news' } }),
      lambdaContext,
    );
    const tags = await tagsHandler(deps([]))(httpEvent({ sub: null }), lambdaContext);

    expect(bodyOf(stations).result).toEqual({ stations: [], page: 1, total: 0, page_size: 10 });
    expect(bodyOf(tags).result).toEqual({ tags: [] });
  });

  test('a bad query is refused naming the field', async () => {
    const response = await stationsHandler(deps())(
      httpEvent({ sub: null, query: { market: 'NYC' } }),
      lambdaContext,
    );

    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).error).toMatchObject({
      field: 'market',
      message: 'market: a 3-digit DMA code',
    });
  });
});
