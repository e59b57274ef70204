import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CookieBanner } from '../components/cookie-banner';
import { OwlLogo } from '../components/owl-logo';
import { ConnectionGuide } from '../connect/connection-guide';
import { applyRouteMeta } from '../site/route-meta';
import { COPYRIGHT_START } from '../site/site-layout';
import '../styles.css';

/**
 * The all-connect instructions page's entry (web/connect.html, path /all-connect; spec §2 "an
 * all-connect instructions page (no router, no store)"): the connection guide in a plain frame,
 * links as ordinary page loads, and the cookie banner, which mounts on every page.
 */
function AllConnectPage() {
  return (
    <div className="site">
      <header className="site-header">
        <div className="site-container site-header__inner">
          <a href="/" className="site-header__brand">
            <OwlLogo size={36} />
            <span>AnalyticOwl</span>
          </a>
        </div>
      </header>
      <main className="site-main site-container">
        <ConnectionGuide search={window.location.search} hash={window.location.hash} />
      </main>
      <footer className="site-footer">
        <div className="site-container site-footer__inner">
          <p className="site-footer__copy">
            © {COPYRIGHT_START}–{new Date().getFullYear()} AnalyticOwl ·{' '}
            <a href="/privacy-policy">Privacy policy</a> · <a href="/contact-us">Contact us</a>
          </p>
        </div>
      </footer>
    </div>
  );
}

applyRouteMeta(window.location.pathname);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AllConnectPage />
      <CookieBanner />
    </StrictMode>,
  );
}
