import { describe, expect, test } from 'vitest';
import {
  hasLookupParams,
  lookupHref,
  normaliseLookupUrl,
  registrationPrefill,
  seesTrendBadges,
  weeklyTrendOf,
} from '../../../web/src/lib/landing-lookup';

describe('normaliseLookupUrl (spec §5 "Landing lookup")', () => {
  test.each([
    ['example.com', 'example.com'],
    ['https://example.com', 'example.com'],
    ['http://example.com', 'example.com'],
    ['HTTPS://Example.COM', 'example.com'],
    ['ftp://example.com', 'example.com'],
    ['  https://www.example.com  ', 'www.example.com'],
    ['www.example.co.uk', 'www.example.co.uk'],
    ['my-shop.example.store', 'my-shop.example.store'],
    ['shop1.io', 'shop1.io'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['https://example.com/', 'example.com'],
  ])('accepts %j as %j', (text, host) => {
    expect(normaliseLookupUrl(text)).toBe(host);
  });

  test.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['no dot', 'localhost'],
    ['one-letter TLD', 'example.c'],
    ['digits in the TLD', 'example.c0m'],
    ['numeric TLD (an IP address)', '192.168.0.1'],
    ['a path after the domain', 'example.com/about'],
    ['a path', 'https://example.com/about'],
    ['a trailing dot', 'example.com.'],
    ['a port', 'example.com:8080'],
    ['a query', 'example.com?x=1'],
    ['a protocol only', 'https://'],
    ['a space inside', 'exa mple.com'],
    ['a leading hyphen in a label', '-example.com'],
    ['a trailing hyphen in a label', 'example-.com'],
    ['an empty label', 'example..com'],
    ['non-ASCII letters (IDN)', 'bücher.de'],
    ['an e-mail address', 'me@example.com'],
  ])('refuses %s', (_case, text) => {
    expect(normaliseLookupUrl(text)).toBeNull();
  });
});

describe('lookupHref (spec §2 "Landing page": /ss/ with type, url, industry, market)', () => {
  test('puts all four parameters in the spec order', () => {
    const href = lookupHref({ type: 'rep', url: 'example.com', industry: '1268', market: '501' });

    expect(href).toBe('/ss/?type=rep&url=example.com&industry=1268&market=501');
  });

  test.each([
    ['null', null],
    ['empty', ''],
    ['missing', undefined],
  ])('leaves out an industry and a market that are %s (All Industries, Nationwide)', (_c, v) => {
    expect(lookupHref({ type: 'self', url: 'example.com', industry: v, market: v })).toBe(
      '/ss/?type=self&url=example.com',
    );
  });

  test('encodes values', () => {
    const href = lookupHref({ type: 'self', url: 'example.com', industry: 'a&b', market: '5 1' });

    expect(href).toBe('/ss/?type=self&url=example.com&industry=a%26b&market=5+1');
    expect(new URLSearchParams(href.split('?')[1]).get('industry')).toBe('a&b');
  });
});

describe('weekly trend badges (spec §6, §9 "Trend badge")', () => {
  test.each([
    ['an object', { trends: { avg_newusers_delta_pct_from_prev: 4.5 } }, 4.5],
    ['a negative change', { trends: { avg_newusers_delta_pct_from_prev: -2 } }, -2],
    ['zero (unchanged but known)', { trends: { avg_newusers_delta_pct_from_prev: 0 } }, 0],
    [
      'a list (first number wins)',
      {
        trends: [
          { avg_newusers_delta_pct_from_prev: null },
          { avg_newusers_delta_pct_from_prev: 7 },
        ],
      },
      7,
    ],
    ['no trends', {}, null],
    ['null trends', { trends: null }, null],
    ['a null value', { trends: { avg_newusers_delta_pct_from_prev: null } }, null],
    ['an empty list', { trends: [] }, null],
  ])('reads %s', (_case, industry, expected) => {
    expect(weeklyTrendOf(industry)).toBe(expected);
  });

  test.each([
    ['self', false],
    ['rep', true],
    ['agency', true],
  ])('user type %s sees badges: %s', (type, sees) => {
    expect(seesTrendBadges(type)).toBe(sees);
  });
});

describe('a lookup link opened without an account (/ss reads type, url, industry, market)', () => {
  test('fills the registration form with what the visitor typed on the landing page', () => {
    const search = new URLSearchParams(
      lookupHref({ type: 'self', url: 'lee-furniture.com', industry: '1030', market: '501' }).split(
        '?',
      )[1],
    );

    expect(hasLookupParams(search)).toBe(true);
    expect(registrationPrefill(search)).toEqual({
      user_type: 'self',
      url: 'lee-furniture.com',
      industry_id: '1030',
      markets: ['501'],
    });
  });

  test('leaves out an unknown user type and a website that is not a domain', () => {
    const search = new URLSearchParams('type=admin&url=javascript:alert(1)');

    expect(registrationPrefill(search)).toEqual({});
  });

  test('fills in the invited address of an invitation link, and ignores one that is not an address', () => {
    expect(registrationPrefill(new URLSearchParams('email=pat%40example.com'))).toEqual({
      email: 'pat@example.com',
    });
    expect(registrationPrefill(new URLSearchParams('email=<script>'))).toEqual({});
  });

  test('a plain report link is not a lookup', () => {
    expect(hasLookupParams(new URLSearchParams('client=c-1&tab=station'))).toBe(false);
  });
});
