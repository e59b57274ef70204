// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CookieBanner } from '../../../web/src/components/cookie-banner';
import { CONSENT_COOKIE, type CookieJar } from '../../../web/src/lib/cookies';

function fakeJar(initial = ''): CookieJar & { written: string[] } {
  const written: string[] = [];
  return { written, read: () => initial, write: (cookie) => void written.push(cookie) };
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const banner = () => screen.queryByRole('region', { name: 'Welcome!' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // biome-ignore lint/suspicious/noDocumentCookie: clears what the real-cookie test accepted
  document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
});

describe('cookie banner (spec §2 "Cookie banner", §9 consent 365 days, banner after 100 ms)', () => {
  test('is not shown to a visitor who has already accepted', () => {
    render(<CookieBanner jar={fakeJar(`${CONSENT_COOKIE}=1700000000`)} />);

    wait(1000);

    expect(banner()).toBeNull();
  });

  test('appears 100 ms after the page loads when there is no consent', () => {
    render(<CookieBanner jar={fakeJar()} />);

    wait(99);
    expect(banner()).toBeNull();
    wait(1);

    expect(banner()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(document.documentElement.classList.contains('cookie-banner-open')).toBe(true);
  });

  test('Accept stores consent for 365 days and hides the banner', () => {
    const jar = fakeJar();
    render(<CookieBanner jar={jar} secure nowSeconds={() => 1_700_000_000} />);
    wait(100);

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    expect(jar.written).toEqual([
      `${CONSENT_COOKIE}=1700000000; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
    ]);
    expect(banner()).toBeNull();
    expect(document.documentElement.classList.contains('cookie-banner-open')).toBe(false);
  });

  test('with the browser cookies, Accept sets the consent cookie and a reload shows no banner', () => {
    const first = render(<CookieBanner />);
    wait(100);

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    first.unmount();
    render(<CookieBanner />);
    wait(200);

    expect(document.cookie).toContain(`${CONSENT_COOKIE}=`);
    expect(banner()).toBeNull();
  });

  test('the privacy policy summary opens and closes from its disclosure button', () => {
    render(<CookieBanner jar={fakeJar()} />);
    wait(100);
    const toggle = screen.getByRole('button', { name: /privacy policy summary/ });
    const summary = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(summary.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(summary.hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(summary.hidden).toBe(true);
  });

  test('after Accept, focus goes back to where it was before the banner', () => {
    render(
      <>
        <button type="button">Log in</button>
        <CookieBanner jar={fakeJar()} />
      </>,
    );
    wait(100);
    const login = screen.getByRole('button', { name: 'Log in' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    login.focus();

    accept.focus();
    fireEvent.click(accept);

    expect(document.activeElement).toBe(login);
  });
});
