import { describe, expect, test } from 'vitest';
import { readPreviewParams } from '../../../web/src/preview/preview-params';
import { signupPrefill } from '../../../web/src/preview/preview-signup';
import { ratingText } from '../../../web/src/preview/top-stations';

const INDUSTRIES = [{ id: '1003', name: 'Bars', parent_name: 'Alcohol' }];
const REGIONS = [{ id: '501', name: 'New York', parent: 'NY' }];
const read = (query: string) => readPreviewParams(new URLSearchParams(query), INDUSTRIES, REGIONS);

describe('readPreviewParams', () => {
  test('known parameters are used as they are, with no note', () => {
    expect(read('type=rep&url=Joes-Bar.example.com&industry=1003&market=501')).toEqual({
      type: 'rep',
      host: 'joes-bar.example.com',
      industry: INDUSTRIES[0],
      market: REGIONS[0],
      notes: [],
    });
  });

  test.each([
    ['industry=42', /industry “42”/],
    ['market=999', /market “999”/],
    ['url=example.com/menu', /“example\.com\/menu” is not a website’s host name/],
    ['url=<img src=x>', /“<img src=x>” is not a website’s host name/],
  ])('%s is ignored with a note', (query, note) => {
    const params = read(`type=self&${query}`);

    expect(params.notes).toHaveLength(1);
    expect(params.notes[0]).toMatch(note);
    expect([params.host, params.industry, params.market]).toEqual([null, null, null]);
  });

  test('an unknown type falls back to self; a very long value is cut in its note', () => {
    const params = read(`type=admin&industry=${'9'.repeat(200)}`);

    expect(params.type).toBe('self');
    expect(params.notes[0]?.length).toBeLessThan(120);
  });

  test('while the lists load nothing is matched and nothing is noted', () => {
    const params = readPreviewParams(new URLSearchParams('industry=1003&market=501'), null, null);

    expect([params.industry, params.market, params.notes]).toEqual([null, null, []]);
  });
});

describe('signupPrefill', () => {
  test('a rep gets the market as their one market, and the pending client carries all three', () => {
    expect(
      signupPrefill(read('type=rep&url=joes-bar.example.com&industry=1003&market=501')),
    ).toEqual({
      user_type: 'rep',
      url: 'joes-bar.example.com',
      industry_id: '1003',
      markets: ['501'],
      pending_client: { website: 'joes-bar.example.com', industry_id: '1003', market: '501' },
    });
  });

  test('without a valid website there is no pending client', () => {
    expect(signupPrefill(read('type=self&url=bad&market=501'))).toEqual({
      user_type: 'self',
      markets: ['501'],
    });
  });
});

describe('ratingText', () => {
  test('shows the rating to one decimal and its interval rounded, a negative bound with a minus sign', () => {
    expect(ratingText({ rating: 131.24, low: 121.4, high: 143.5 })).toBe('131.2 (121–144)');
    expect(ratingText({ rating: 62.9, low: -2.2, high: 98 })).toBe('62.9 (−2–98)');
  });
});
