import { describe, expect, test } from 'vitest';
import {
  BRANDS,
  brandForHost,
  pageForHost,
  RATINGS_LEFT_OUT_KEYS,
  SPEC_METADATA_KEYS,
} from '#shared/brands';
import { RATINGS_PAGE } from '#shared/site-entries';
import { ROUTE_META } from '../../../web/src/site/route-meta';

describe('which brand a host is (spec §1 "a second brand variant ... ratings site")', () => {
  test.each([
    ['ratings.analyticowl.com', 'ratings'],
    ['Ratings.AnalyticOwl.com', 'ratings'],
    ['ratings.analyticowl.com.', 'ratings'],
    ['ratings.localhost:3000', 'ratings'],
    ['ratings.localhost:4405', 'ratings'],
    ['analyticowl.com', 'analyticowl'],
    ['www.analyticowl.com', 'analyticowl'],
    ['127.0.0.1:3000', 'analyticowl'],
    ['[::1]:3000', 'analyticowl'],
    ['ratings.analyticowl.com.evil.example', 'analyticowl'],
    ['evil-ratings.localhost', 'analyticowl'],
    ['', 'analyticowl'],
    [undefined, 'analyticowl'],
  ])('%s is the %s brand', (host, brand) => {
    expect(brandForHost(host).id).toBe(brand);
  });

  test("a stage's own ratings domain counts as a ratings host", () => {
    expect(brandForHost('ratings.example.net', ['ratings.example.net']).id).toBe('ratings');
    expect(brandForHost('ratings.example.net').id).toBe('analyticowl');
  });

  test('every path of a ratings host gets the ratings page; other hosts keep their apps', () => {
    for (const path of ['/', '/top-ten/501/country', '/station/radio:WAAO-FM', '/login', '/ss']) {
      expect(pageForHost('ratings.localhost:3000', path)).toBe(RATINGS_PAGE);
    }
    expect(pageForHost('127.0.0.1:3000', '/')).toBe('/index.html');
    expect(pageForHost('127.0.0.1:3000', '/ss')).toBe('/ss.html');
    expect(pageForHost(undefined, '/login')).toBe('/login.html');
  });
});

describe('the brand table', () => {
  test('the second brand has the spec metadata set without measurement, products and we-are-hiring', () => {
    const ratingsSpecKeys = SPEC_METADATA_KEYS.filter((k) => k in BRANDS.ratings.metadata);

    expect(ratingsSpecKeys).toEqual([
      'home',
      'login',
      'sign-up',
      'contact-us',
      'privacy-policy',
      'terms-and-conditions',
      'data-disclaimer',
    ]);
    for (const key of RATINGS_LEFT_OUT_KEYS) expect(BRANDS.ratings.metadata[key]).toBeUndefined();
    expect(Object.keys(BRANDS.analyticowl.metadata)).toEqual([...SPEC_METADATA_KEYS]);
  });

  test('both brands use the spec titles where the spec names them', () => {
    for (const brand of Object.values(BRANDS)) {
      expect(brand.metadata).toMatchObject({
        login: { title: 'Login' },
        'sign-up': { title: 'Sign Up' },
        'contact-us': { title: 'Contact Us' },
        'privacy-policy': { title: 'Privacy Policy' },
        'terms-and-conditions': { title: 'Terms and Conditions' },
        'data-disclaimer': { title: 'Data Disclaimer' },
      });
    }
  });

  test("the first brand's metadata is the public site's, text for text", () => {
    const siteByKey = Object.fromEntries(
      Object.values(ROUTE_META).map((m) => [m.key, { title: m.title, description: m.description }]),
    );

    for (const key of SPEC_METADATA_KEYS) {
      expect(BRANDS.analyticowl.metadata[key], key).toEqual(siteByKey[key]);
    }
  });

  test('no host name belongs to two brands, and each brand names its own logo', () => {
    const hosts = Object.values(BRANDS).flatMap((b) => b.hosts);

    expect(new Set(hosts).size).toBe(hosts.length);
    expect(BRANDS.ratings.logo).toBe('/brand/ratings-logo.svg');
    expect(BRANDS.ratings.name).not.toBe(BRANDS.analyticowl.name);
  });
});
