import { describe, expect, test } from 'vitest';
import {
  outletsOfStats,
  RatingsOutlets,
} from '../../../../lambdas/acquisition/adapters/ratings-outlets';
import type { OutletFilter } from '../../../../lambdas/acquisition/core/ports';
import type { PeriodResult, RatedSlot } from '../../../../lambdas/ratings/core/model';
import type { OutletStat } from '../../../../lambdas/ratings/core/outlet-stats';

const stat = (over: Partial<OutletStat>): OutletStat => ({
  station_id: 'radio:WAAA',
  call_sign: 'WAAA',
  label: 'WAAA 570 AM',
  type: 'radio',
  market: '501',
  format: 'news_talk',
  daypart: 'all',
  rating: 120,
  low: 100,
  high: 140,
  advertisers: 6,
  airings: 120,
  rate30_cents: 40_000,
  vpa: 2.5,
  ...over,
});

const STATS = [
  stat({}),
  stat({ daypart: 'radio:morning_drive', rating: 150, low: 130, high: 170 }),
  stat({ daypart: 'radio:evening_drive', rating: 90, low: 70, high: 110 }),
  stat({
    station_id: 'tv:WTTT',
    label: 'WTTT',
    type: 'tv',
    market: '803',
    format: 'broadcast_tv',
    rate30_cents: null,
  }),
];
const ALL: OutletFilter = { regions: [], broadcast_type: 'all', format: 'all', dayparts: [] };

describe('outlets from the published ratings', () => {
  test('all-day station rows, filtered by market and broadcast type', () => {
    expect(outletsOfStats(STATS, ALL).map((o) => o.id)).toEqual(['radio:WAAA', 'tv:WTTT']);
    expect(outletsOfStats(STATS, { ...ALL, broadcast_type: 'tv' }).map((o) => o.id)).toEqual([
      'tv:WTTT',
    ]);
    expect(outletsOfStats(STATS, { ...ALL, regions: ['501'] })).toEqual([
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
  });

  test("chosen dayparts: the mean of the outlet's ratings there ((150 + 90) / 2 = 120 ...)", () => {
    const [one] = outletsOfStats(STATS, {
      ...ALL,
      regions: ['501'],
      dayparts: ['radio:morning_drive'],
    });
    const [two] = outletsOfStats(STATS, {
      ...ALL,
      regions: ['501'],
      dayparts: ['radio:morning_drive', 'radio:evening_drive'],
    });

    expect(one).toMatchObject({ rating: 150, rating_low: 130, rating_high: 170 });
    expect(two).toMatchObject({ rating: 120, rating_low: 100, rating_high: 140 });
  });

  test('reads the newest published period of the kind through the ratings store', async () => {
    const row = {
      subject: 'station',
      station_key: 'radio:WAAA',
      station_id: 'radio:WAAA',
      call_sign: 'WAAA',
      label: 'WAAA',
      type: 'radio',
      market: '501',
      format: 'news_talk',
      daypart: 'all',
      industry: null,
      rating: 110,
      low: 100,
      high: 120,
      level: 0.9,
      advertisers: 5,
      airings: 60,
      rank: 1,
      previous_rating: null,
      rate30_cents: 30_000,
      vpa: 1.5,
    } as RatedSlot;
    const result = {
      kind: 'sample',
      period: '2026-10',
      computed_at: '',
      rows: [row],
      withheld: [],
      top: [],
    } as PeriodResult;
    const source = new RatingsOutlets({
      periods: async (kind) =>
        kind === 'sample'
          ? [{ period: '2026-10', generation: 'g1', rated: 1, published_at: '' }]
          : [],
      read: async () => result,
      publish: async () => {
        throw new Error('read only');
      },
    });

    expect((await source.outlets('sample', ALL)).map((o) => [o.id, o.spot_rate_cents])).toEqual([
      ['radio:WAAA', 30_000],
    ]);
    expect(await source.outlets('real', ALL)).toEqual([]);
    expect(await source.realAvailable()).toBe(false);
  });
});
