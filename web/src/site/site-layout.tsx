import { useEffect, useLayoutEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { OwlLogo } from '../components/owl-logo';
import { useRouteMeta } from './route-meta';

/** The first year in the copyright range (spec §9 "Copyright from 2014"). */
export const COPYRIGHT_START = 2014;

const NAV = [
  { to: '/measurement', label: 'Measurement' },
  { to: '/products', label: 'Products' },
  { to: '/plans', label: 'Pricing' },
  { to: '/calculator', label: 'Calculator' },
  { to: '/contact-us', label: 'Contact us' },
  { to: '/login', label: 'Login' },
] as const;

const FOOTER_LINKS = [
  { to: '/iba', label: 'Association members' },
  { to: '/contact-us', label: 'Contact' },
  { to: '/we-are-hiring', label: "We're hiring" },
  { to: '/privacy-policy', label: 'Privacy' },
  { to: '/terms-and-conditions', label: 'Terms' },
  { to: '/data-disclaimer', label: 'Disclaimer' },
  { to: '/do-not-sell-my-info', label: 'Do not sell my info' },
] as const;

/**
 * Scrolls to the top when the path changes (spec §2 "scroll to top on navigation"), or to the
 * element named by the hash when there is one, so jump links from other pages land.
 */
function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  // A layout effect: the new page never paints at the old page's scroll position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger, not an input
  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView?.();
    else window.scrollTo?.(0, 0);
  }, [pathname, hash]);
}

/** The site header: logo linking home and the four nav links, folded behind Menu on a phone. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A tap on a link navigates; the folded menu should not stay open over the next page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);
  return (
    <header className="site-header">
      <div className="site-container site-header__inner">
        <Link to="/" className="site-header__brand">
          <OwlLogo size={36} />
          <span>AnalyticOwl</span>
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((was) => !was)}
        >
          Menu
        </button>
        <nav
          id="site-nav"
          aria-label="Main"
          className={open ? 'site-nav site-nav--open' : 'site-nav'}
        >
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className="site-nav__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}

/** The site footer: legal and company links plus "© 2014–<current year> AnalyticOwl". */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-container site-footer__inner">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((item) => (
              <li key={item.label}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">
          © {COPYRIGHT_START}–{year} AnalyticOwl
        </p>
      </div>
    </footer>
  );
}

/**
 * The frame of every public marketing page (spec §2 "Public marketing router"): header, the
 * 1200px content column (spec §9 layout) holding the routed page, and the footer. It also keeps
 * the title and description meta in step with the route and scrolls to the top on navigation.
 */
export function SiteLayout() {
  useRouteMeta();
  useScrollToTop();
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main site-container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
