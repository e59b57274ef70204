import { describe, expect, test } from 'vitest';
import { redirectFor, SITE_REDIRECTS } from '#shared/site-redirects';

describe('redirectFor (spec §2 legacy redirects)', () => {
  test.each([
    ['/customer-login', '/login'],
    ['/portals', '/login'],
    ['/products-and-services', '/products'],
    ['/contact', '/contact-us'],
    ['/contact/', '/contact-us'],
    ['/employment', '/we-are-hiring'],
    ['/media-company-analytics', '/measurement'],
    ['/subscribe', '/contact-us'],
    ['/sign-up', '/contact-us'],
  ])('%s moved to %s', (from, to) => {
    expect(redirectFor(from)).toBe(to);
  });

  test('the table holds exactly the spec legacy paths', () => {
    expect(Object.keys(SITE_REDIRECTS)).toHaveLength(9);
  });

  test('keeps the query string verbatim', () => {
    expect(redirectFor('/contact?utm_source=mail&x=a%20b')).toBe(
      '/contact-us?utm_source=mail&x=a%20b',
    );
    expect(redirectFor('/portals?')).toBe('/login');
  });

  test.each(['/', '/login', '/contact-us', '/Contact', '/employment/', '/contact/x', '/toString'])(
    '%s is not a legacy path',
    (path) => {
      expect(redirectFor(path)).toBeNull();
    },
  );
});
