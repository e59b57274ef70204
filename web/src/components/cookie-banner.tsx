import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  CONSENT_BANNER_DELAY_MS,
  type CookieJar,
  consentCookie,
  documentCookieJar,
  hasCookieConsent,
} from '../lib/cookies';

/** Props of the cookie banner. */
export interface CookieBannerProps {
  /** Where the consent cookie is read and written. @default documentCookieJar (document.cookie) */
  jar?: CookieJar;
  /** Whether the page is served over https (adds `Secure`). @default location.protocol === 'https:' */
  secure?: boolean;
  /** Clock in epoch seconds UTC, stored as the acceptance time. @default Date.now() / 1000 */
  nowSeconds?: () => number;
}

/** Class on <html> while the banner shows; the page gets bottom padding so nothing sits under it. */
const OPEN_CLASS = 'cookie-banner-open';
const SPACE_VAR = '--cookie-banner-space';

function isHttps(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/**
 * "Welcome!" and the cookies notice with an expandable privacy-policy summary and an Accept button
 * (spec §2 "Cookie banner and loading overlay", §9 "consent 365 days, banner after 100 ms").
 *
 * Shown only while the consent cookie is absent, 100 ms after mount. A labelled region docked at
 * the bottom (not a modal: the page stays usable); while it shows, the page gets bottom padding of
 * the banner's height so it never covers the page's own buttons on a phone. Accept writes the
 * consent cookie and hides the banner, returning focus to where it was before the banner.
 */
export function CookieBanner({
  jar = documentCookieJar,
  secure = isHttps(),
  nowSeconds = () => Date.now() / 1000,
}: CookieBannerProps) {
  const [visible, setVisible] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  // Where focus came from when the visitor tabbed into the banner, to go back there on Accept.
  const cameFrom = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const privacyId = useId();

  useEffect(() => {
    if (hasCookieConsent(jar.read())) return;
    const timer = setTimeout(() => setVisible(true), CONSENT_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [jar]);

  // Reserve the banner's height under the page content; re-measured when the summary opens.
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!visible || !banner) return;
    const html = document.documentElement;
    const measure = () => html.style.setProperty(SPACE_VAR, `${banner.offsetHeight}px`);
    html.classList.add(OPEN_CLASS);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      html.classList.remove(OPEN_CLASS);
      html.style.removeProperty(SPACE_VAR);
    };
  }, [visible]);

  if (!visible) return null;

  const accept = () => {
    jar.write(consentCookie({ secure, nowSeconds: nowSeconds() }));
    setVisible(false);
    const back = cameFrom.current;
    if (back?.isConnected) back.focus();
  };

  return (
    <section
      ref={ref}
      className="cookie-banner"
      aria-labelledby={titleId}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !ref.current?.contains(from)) cameFrom.current = from;
      }}
    >
      <div className="cookie-banner__inner">
        <div className="cookie-banner__text">
          <h2 id={titleId} className="cookie-banner__title">
            Welcome!
          </h2>
          <p className="cookie-banner__notice">
            This site uses cookies and browser storage to keep you signed in and remember your
            report settings. No analytics cookies are set unless you accept.
          </p>
          <button
            type="button"
            className="button button--ghost cookie-banner__toggle"
            aria-expanded={privacyOpen}
            aria-controls={privacyId}
            onClick={() => setPrivacyOpen((open) => !open)}
          >
            {privacyOpen ? 'Hide privacy policy summary' : 'Read our privacy policy summary'}
          </button>
          <div id={privacyId} className="cookie-banner__privacy" hidden={!privacyOpen}>
            <ul>
              <li>
                Your cookie choice is kept for 365 days; clear your cookies to be asked again.
              </li>
              <li>Contact preferences (ss_comms) are kept for 365 days.</li>
              <li>A shopping cart cookie, when you order, is kept for two weeks.</li>
              <li>We do not sell your personal information.</li>
              <li>
                We answer access and deletion requests within 10 business days; access or
                portability requests are limited to two per 12 months.
              </li>
            </ul>
            <p>
              Read the full <a href="/privacy-policy">privacy policy</a> or{' '}
              <a href="/do-not-sell-my-info">do not sell my personal information</a>.
            </p>
          </div>
        </div>
        <div className="cookie-banner__actions">
          <button type="button" className="button button--primary" onClick={accept}>
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
