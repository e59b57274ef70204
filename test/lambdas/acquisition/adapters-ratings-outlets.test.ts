import { describe, expect, test } from 'vitest';
import {
  outletsOfPeriod,
  RatingsOutlets,
} from '../../../lambdas/acquisition/adapters/ratings-outlets';
import type { PeriodResult, RatedSlot } from '../../../lambdas/ratings/core/model';

const slot = (over: Partial<RatedSlot>): RatedSlot => ({
  subject: 'station',
  station_key: 'radio:WAAA',
  station_id: 'radio:WAAA',
  call_sign: 'WAAA',
  label: 'WAAA 570 AM',
  type: 'radio',
  market: '501',
  format: 'news_talk',
  daypart: 'all',
  industry: null,
  rating: 120,
  low: 100,
  high: 140,
  level: 0.94,
  advertisers: 6,
  airings: 120,
  rank: 1,
  previous_rating: null,
  rate30_cents: 40_000,
  vpa: 2.5,
  ...over,
});

const result: PeriodResult = {
  kind: 'sample',
  period: '2026-10',
  computed_at: '2026-11-02T06:00:00.000Z',
  rows: [
    slot({}),
    slot({ daypart: 'radio:morning_drive', rating: 150, low: 130, high: 170 }),
    slot({ daypart: 'radio:evening_drive', rating: 90, low: 70, high: 110 }),
    slot({ industry: '1', rating: 300 }),
    slot({ subject: 'format', station_key: null, station_id: null, call_sign: null }),
    slot({
      station_key: 'tv:WTTT',
      station_id: 'tv:WTTT',
      label: 'WTTT',
      type: 'tv',
      market: '803',
      format: 'broadcast_tv',
      rate30_cents: null,
    }),
  ],
  withheld: [],
  top: [],
};

describe('outlets from the published ratings', () => {
  test('station ratings of every advertiser at daypart all, filtered by market and type', () => {
    const all = outletsOfPeriod(result, {
      regions: [],
      broadcast_type: 'all',
      format: 'all',
      dayparts: [],
    });
    const ny = outletsOfPeriod(result, {
      regions: ['501'],
      broadcast_type: 'all',
      format: 'all',
      dayparts: [],
    });
    const tv = outletsOfPeriod(result, {
      regions: [],
      broadcast_type: 'tv',
      format: 'all',
      dayparts: [],
    });

    expect(all.map((o) => o.id)).toEqual(['radio:WAAA', 'tv:WTTT']);
    expect(ny).toEqual([
      {
        id: 'radio:WAAA',
        label: 'WAAA 570 AM',
        type: 'radio',
        market: '501',
        market_name: 'New York',
        format: 'news_talk',
        rating: 120,
        rating_low: 100,
        rating_high: 140,
        spot_rate_cents: 40_000,
        vpa: 2.5,
        advertisers: 6,
        airings: 120,
      },
    ]);
    expect(tv.map((o) => o.id)).toEqual(['tv:WTTT']);
  });

  test("chosen dayparts: the mean of the outlet's daypart ratings (150 and 90 → 120, 130/70 → 100, 170/110 → 140)", () => {
    const [o] = outletsOfPeriod(result, {
      regions: ['501'],
      broadcast_type: 'all',
      format: 'all',
      dayparts: ['radio:morning_drive'],
    });

    expect(o).toMatchObject({ rating: 150, rating_low: 130, rating_high: 170 });
  });

  test('reads the newest period with ratings, and nothing when none is published', async () => {
    const empty = new RatingsOutlets({ periods: async () => [], read: async () => null });
    const one = new RatingsOutlets({
      periods: async () => [
        { period: '2026-11', generation: 'g2', rated: 0, published_at: '' },
        { period: '2026-10', generation: 'g1', rated: 6, published_at: '' },
      ],
      read: async (_k, p) => (p.generation === 'g1' ? result : null),
    });

    expect(
      await empty.outlets('sample', {
        regions: [],
        broadcast_type: 'all',
        format: 'all',
        dayparts: [],
      }),
    ).toEqual([]);
    expect(await empty.realAvailable()).toBe(false);
    expect(
      (
        await one.outlets('sample', {
          regions: [],
          broadcast_type: 'all',
          format: 'all',
          dayparts: [],
        })
      ).length,
    ).toBe(2);
    expect(await one.realAvailable()).toBe(true);
  });
});
