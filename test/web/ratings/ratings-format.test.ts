import { describe, expect, test } from 'vitest';
import {
  formatRating,
  formatRatingInterval,
  movementOf,
  ratingChange,
} from '../../../web/src/ratings/ratings-format';
import { parseRatingsUrl, ratingsSearch } from '../../../web/src/ratings/ratings-url';

describe('a rating as the ratings screens write it', () => {
  test.each([
    [112.44, 98.2, 130.4, '112.4 (98–130)'],
    [100, 99.5, 100.49, '100.0 (100–100)'],
    [87.06, 61.7, 90, '87.1 (62–90)'],
    [62.6, -2.4, 130, '62.6 (−2–130)'],
  ])('%s with interval %s–%s reads %s', (rating, low, high, text) => {
    expect(formatRatingInterval(rating, low, high)).toBe(text);
  });

  test('a missing rating reads as a dash, never NaN', () => {
    expect(formatRating(null)).toBe('–');
    expect(formatRating(Number.NaN)).toBe('–');
  });

  test.each([
    [2, '▲ 2', 'Up 2 places'],
    [1, '▲ 1', 'Up 1 place'],
    [-3, '▼ 3', 'Down 3 places'],
    [0, '–', 'Same place as last period'],
    [null, 'new', 'New in the top ten'],
  ])('movement %s is shown as %s and read as %s', (movement, text, words) => {
    expect(movementOf({ movement })).toMatchObject({ text, words });
  });

  test('the change since the previous period carries its sign', () => {
    expect(ratingChange(112.44, 108.2)).toBe('+4.2');
    expect(ratingChange(96, 99)).toBe('−3.0');
    expect(ratingChange(96, null)).toBe('');
  });
});

describe('the ratings page state in the URL', () => {
  test('reads every filter and writes the same URL back', () => {
    const search =
      'period=2026-10&market=501&format=news_talk&daypart=tv%3Aprime&type=tv&industry=1268&subject=format&q=wabc&page=2&station=radio%3AWABC';

    const state = parseRatingsUrl(new URLSearchParams(search));

    expect(state).toEqual({
      filter: {
        period: '2026-10',
        market: '501',
        format: 'news_talk',
        daypart: 'tv:prime',
        broadcast_type: 'tv',
        industry: '1268',
      },
      subject: 'format',
      q: 'wabc',
      page: 2,
      station: 'radio:WABC',
    });
    expect(ratingsSearch(state).toString()).toBe(search);
  });

  test('drops values the contract refuses instead of sending them', () => {
    const state = parseRatingsUrl(
      new URLSearchParams('period=2026-13&market=NYC&format=polka&daypart=late&type=cable&page=0'),
    );

    expect(state.filter).toEqual({});
    expect(state.page).toBe(1);
    expect(ratingsSearch(state).toString()).toBe('');
  });
});
