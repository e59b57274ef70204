import { type AvailableProducts, noProducts } from '#shared/billing/available-products';
import type {
  RatingRow,
  RatingsPage,
  StationRatings,
  TopTenRow,
  TopTenSummaries,
} from '#shared/contracts/ratings.schema';

/** A session answer with these flags on (nothing else unlocked). */
export function sessionWith(flags: Partial<AvailableProducts> = {}, staff = false) {
  return {
    result: {
      staff,
      primary_email: 'ana@example.com',
      available_products: { ...noProducts(), ...flags },
    },
  };
}

/** The five list routes: two markets in two states, two formats, dayparts, types, industries. */
export const LISTS = {
  nowl_regions: {
    result: [
      { id: '501', name: 'New York', parent: 'NY' },
      { id: '504', name: 'Philadelphia', parent: 'PA' },
      { id: '514', name: 'Buffalo', parent: 'NY' },
    ],
  },
  nowl_station_formats: {
    result: [
      { id: 'news_talk', name: 'News/Talk' },
      { id: 'country', name: 'Country' },
    ],
  },
  nowl_dayparts: {
    result: [
      { id: 'all', name: 'All day' },
      { id: 'radio:morning_drive', name: 'Morning drive', parent: 'Radio' },
      { id: 'tv:prime', name: 'Prime', parent: 'TV' },
    ],
  },
  nowl_broadcast_types: {
    result: [
      { id: 'all', name: 'All', value: 0 },
      { id: 'tv', name: 'TV', value: 1 },
      { id: 'radio', name: 'Radio', value: 2 },
    ],
  },
  nowl_industries: { result: [{ id: '1268', name: 'Furniture', parent: 'Home & Garden' }] },
};

export const topRow = (rank: number, over: Partial<TopTenRow> = {}): TopTenRow => ({
  rank,
  station_id: `radio:W${rank}XX`,
  call_sign: `W${rank}XX`,
  label: `W${rank}XX 1010 AM · News/Talk`,
  rating: 140 - rank * 5.25,
  low: 100 - rank,
  high: 160 - rank,
  advertisers: 6,
  airings: 120,
  previous_rank: rank,
  movement: 0,
  ...over,
});

/** A sample top ten of News/Talk in New York: #1 moved up 2, #2 is new, #3 moved down 1. */
export function topTen(over: Partial<TopTenSummaries> = {}): TopTenSummaries {
  return {
    kind: 'sample',
    period: '2026-10',
    previous_period: '2026-09',
    periods: ['2026-10', '2026-09'],
    lists: [
      {
        market: '501',
        market_name: 'New York',
        format: 'news_talk',
        format_name: 'News/Talk',
        daypart: 'all',
        daypart_name: 'All day',
        rows: [
          topRow(1, { rating: 112.44, low: 98.2, high: 130.4, previous_rank: 3, movement: 2 }),
          topRow(2, { previous_rank: null, movement: null }),
          topRow(3, { previous_rank: 2, movement: -1 }),
        ],
      },
    ],
    ...over,
  };
}

export const ratingRow = (
  callSign: string,
  rating: number,
  over: Partial<RatingRow> = {},
): RatingRow => ({
  subject: {
    kind: 'station',
    station_id: `radio:${callSign}`,
    call_sign: callSign,
    label: `${callSign} 1010 AM · News/Talk`,
    station_type: 'radio',
    market: '501',
    market_name: 'New York',
    format: 'news_talk',
    format_name: 'News/Talk',
    daypart: 'all',
    daypart_name: 'All day',
  },
  period: '2026-10',
  rating,
  low: rating - 14,
  high: rating + 18,
  level: 0.9375,
  advertisers: 5,
  airings: 80,
  rank: 1,
  previous_rating: null,
  ...over,
});

export function ratingsPage(over: Partial<RatingsPage> = {}): RatingsPage {
  return {
    kind: 'sample',
    period: '2026-10',
    periods: ['2026-10', '2026-09'],
    rows: [
      ratingRow('WAAA', 112.44, { low: 98.2, high: 130.4, rank: 1, previous_rating: 108.2 }),
      ratingRow('WBBB', 96.1, { rank: 2, advertisers: 7, airings: 300 }),
    ],
    total: 2,
    page: 1,
    page_size: 25,
    withheld: 0,
    ...over,
  };
}

export function stationRatings(): StationRatings {
  return {
    kind: 'sample',
    station: {
      id: 'radio:WAAA',
      call_sign: 'WAAA',
      label: 'WAAA 1010 AM · News/Talk',
      type: 'radio',
      format: 'news_talk',
      format_name: 'News/Talk',
      market: '501',
      market_name: 'New York',
      city: 'New York',
      state: 'NY',
      frequency: '1010 AM',
    },
    history: [
      ratingRow('WAAA', 104.0, { period: '2026-09' }),
      ratingRow('WAAA', 112.44, { period: '2026-10', low: 98.2, high: 130.4 }),
    ],
    dayparts: [],
  };
}
