import { describe, expect, test } from 'vitest';
import {
  CONSENT_COOKIE,
  consentCookie,
  hasCookieConsent,
  parseCookies,
  readCookie,
  serializeCookie,
} from '../../../web/src/lib/cookies';

describe('cookie helpers (spec §9 "Cookies")', () => {
  test.each([
    ['', {}],
    ['a=1', { a: '1' }],
    ['a=1; b=two%20words', { a: '1', b: 'two words' }],
    ['  a = 1 ;b=2;', { a: '1', b: '2' }],
    ['flag; a=1', { a: '1' }],
    ['a=1; a=2', { a: '1' }],
    ['token=abc==', { token: 'abc==' }],
    ['bad=100%', { bad: '100%' }],
  ])('parses %j', (input, expected) => {
    expect(parseCookies(input)).toEqual(expected);
  });

  test('reads one cookie, or null when it is not set', () => {
    const jar = 'ss_comms=%7B%22news%22%3Atrue%7D; other=x';

    expect(readCookie(jar, 'ss_comms')).toBe('{"news":true}');
    expect(readCookie(jar, 'missing')).toBeNull();
  });

  test('writes a cookie with path, lifetime and SameSite, encoding the value', () => {
    expect(serializeCookie('ss_comms', 'a b;c', { maxAgeSeconds: 60 })).toBe(
      'ss_comms=a%20b%3Bc; Path=/; Max-Age=60; SameSite=Lax',
    );
    expect(serializeCookie('s', '1', { secure: true, sameSite: 'Strict', path: '/app' })).toBe(
      's=1; Path=/app; SameSite=Strict; Secure',
    );
  });

  test('a written value reads back the same', () => {
    const written = serializeCookie('note', 'semi; colon = 100%').split(';')[0]!;

    expect(readCookie(written, 'note')).toBe('semi; colon = 100%');
  });

  test.each(['', 'has space', 'semi;colon', 'eq=ual'])('refuses the cookie name %j', (name) => {
    expect(() => serializeCookie(name, 'v')).toThrow(/Invalid cookie name/);
  });

  test('consent lasts 365 days, is SameSite=Lax, and Secure only on https', () => {
    const onHttps = consentCookie({ secure: true, nowSeconds: 1_700_000_000.7 });
    const onHttp = consentCookie({ secure: false, nowSeconds: 1_700_000_000 });

    expect(onHttps).toBe(
      `${CONSENT_COOKIE}=1700000000; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
    );
    expect(onHttp).not.toContain('Secure');
    expect(onHttp).toContain('Max-Age=31536000');
  });

  test('consent is given only when the consent cookie is there', () => {
    expect(hasCookieConsent('')).toBe(false);
    expect(hasCookieConsent('ss_comms=1; other=2')).toBe(false);
    expect(hasCookieConsent(`other=2; ${CONSENT_COOKIE}=1700000000`)).toBe(true);
  });
});
