import type {
  RatingRow,
  StationRatings,
  TopTenList,
  TopTenSummaries,
} from '#shared/contracts/ratings.schema';

/** A Chicago News/Talk top ten of three stations: one up 2, one new, one down 1. */
export function chicagoNewsTalk(over: Partial<TopTenList> = {}): TopTenList {
  return {
    market: '602',
    market_name: 'Chicago',
    format: 'news_talk',
    format_name: 'News/Talk',
    daypart: 'all',
    daypart_name: 'All day',
    rows: [
      {
        rank: 1,
        station_id: 'radio:WLS-AM',
        call_sign: 'WLS',
        label: 'WLS 890 AM · News/Talk',
        rating: 131.4,
        low: 104.2,
        high: 150.9,
        advertisers: 7,
        airings: 412,
        previous_rank: 3,
        movement: 2,
      },
      {
        rank: 2,
        station_id: 'radio:WGN-AM',
        call_sign: 'WGN',
        label: 'WGN 720 AM · News/Talk',
        rating: 118,
        low: 97.6,
        high: 133.1,
        advertisers: 6,
        airings: 1250,
        previous_rank: null,
        movement: null,
      },
      {
        rank: 3,
        station_id: 'radio:WBBM-AM',
        call_sign: 'WBBM',
        label: 'WBBM 780 AM · News/Talk',
        rating: 99.5,
        low: 80,
        high: 120,
        advertisers: 5,
        airings: 88,
        previous_rank: 2,
        movement: -1,
      },
    ],
    ...over,
  };
}

/** A nowl_top_ten_summaries answer. */
export function summaries(
  lists: TopTenList[],
  over: Partial<TopTenSummaries> = {},
): TopTenSummaries {
  return {
    kind: 'real',
    period: '2026-09',
    previous_period: '2026-08',
    periods: ['2026-09', '2026-08'],
    lists,
    ...over,
  };
}

function historyRow(period: string, rating: number): RatingRow {
  return {
    subject: {
      kind: 'station',
      station_id: 'radio:WLS-AM',
      call_sign: 'WLS',
      label: 'WLS 890 AM · News/Talk',
      station_type: 'radio',
      market: '602',
      market_name: 'Chicago',
      format: 'news_talk',
      format_name: 'News/Talk',
      daypart: 'all',
      daypart_name: 'All day',
    },
    period,
    rating,
    low: rating - 20,
    high: rating + 15,
    level: 0.9375,
    advertisers: 6,
    airings: 300,
    rank: 1,
    previous_rating: null,
  };
}

/** A nowl_station answer for WLS with two published months. */
export function wlsRatings(over: Partial<StationRatings> = {}): StationRatings {
  return {
    kind: 'real',
    station: {
      id: 'radio:WLS-AM',
      call_sign: 'WLS',
      label: 'WLS 890 AM · News/Talk',
      type: 'radio',
      format: 'news_talk',
      format_name: 'News/Talk',
      market: '602',
      market_name: 'Chicago',
      city: 'Chicago',
      state: 'IL',
      frequency: '890 AM',
    },
    history: [historyRow('2026-08', 112.3), historyRow('2026-09', 131.4)],
    dayparts: [],
    ...over,
  };
}
