import { type CSSProperties, useLayoutEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { BRANDS } from '#shared/brands';
import { useBrand } from '../components/brand-context';
import { COPYRIGHT_START } from '../site/site-layout';
import styles from './ratings-site.module.css';

/**
 * The first brand's site for a visitor of the ratings site: a `ratings.` host name without that
 * label (ratings.localhost:3000 → localhost:3000), else the first brand's canonical host.
 */
export function mainSiteUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  if (location.host.startsWith('ratings.')) {
    return `${location.protocol}//${location.host.slice('ratings.'.length)}/`;
  }
  return `https://${BRANDS.analyticowl.hosts[0]}/`;
}

/** The brand's colours as the site's CSS variables, so the shared site classes wear them. */
export function brandStyle(colours: (typeof BRANDS)['ratings']['colours']): CSSProperties {
  return {
    '--navy': colours.primary,
    '--navy-2': colours.ink,
    '--accent': colours.primary,
    '--accent-dark': colours.ink,
    '--orange-dark': colours.primary,
    '--bg': colours.surface,
  } as CSSProperties;
}

/** Scrolls to the top on a new path, or to the element the hash names (spec §2). */
function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger, not an input
  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView?.();
    else window.scrollTo?.(0, 0);
  }, [pathname, hash]);
}

/**
 * The frame of every ratings-site page: header with the brand's logo and name, the page, and a
 * footer with the legal pages, the first brand's site and the copyright range from 2014.
 */
export function RatingsLayout() {
  const brand = useBrand();
  useScrollToTop();
  return (
    <div className={`site ${styles.root}`} style={brandStyle(brand.colours)}>
      <header className="site-header">
        <div className="site-container site-header__inner">
          <Link to="/" className="site-header__brand">
            <img src={brand.logo} alt="" width={36} height={36} />
            <span>{brand.name}</span>
          </Link>
          <nav aria-label="Main" className={styles.nav}>
            <NavLink to="/" end className="site-nav__link">
              Top ten
            </NavLink>
            <Link to="/#how" className="site-nav__link">
              How ratings work
            </Link>
          </nav>
        </div>
      </header>
      <main className="site-main site-container">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-container site-footer__inner">
          <nav aria-label="Footer">
            <ul className="site-footer__links">
              <li>
                <Link to="/privacy-policy">Privacy</Link>
              </li>
              <li>
                <Link to="/terms-and-conditions">Terms</Link>
              </li>
              <li>
                <Link to="/data-disclaimer">Disclaimer</Link>
              </li>
              <li>
                <a href={mainSiteUrl(window.location)}>Measure your own airings with AnalyticOwl</a>
              </li>
            </ul>
          </nav>
          <p className="site-footer__copy">
            © {COPYRIGHT_START}–{new Date().getFullYear()} {brand.name}
          </p>
        </div>
      </footer>
    </div>
  );
}
