import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { BRANDS } from '#shared/brands';
import { BrandContext } from '../components/brand-context';
import { CookieBanner } from '../components/cookie-banner';
import { brandStyle } from '../ratings-site/ratings-layout';
import { ratingsRoutes } from '../ratings-site/ratings-routes';
import '../styles.css';

/**
 * The ratings site's entry (web/ratings.html; spec §1 "a second brand variant exists as a
 * response-based ratings site", spec §2 "ratings-site variants"): served for every path of a
 * ratings host name (layers/shared/site-entries.ts RATINGS_PAGE), so its router owns every path
 * and sends unknown ones to its root; no other application is reached from here. The brand's
 * colours become the page's CSS variables, so the reused account screens wear them too. The
 * pages are public: no session is loaded.
 */
const brand = BRANDS.ratings;
for (const [name, value] of Object.entries(brandStyle(brand.colours))) {
  document.documentElement.style.setProperty(name, String(value));
}
const router = createBrowserRouter(ratingsRoutes());
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrandContext.Provider value={brand}>
        <RouterProvider router={router} />
        <CookieBanner />
      </BrandContext.Provider>
    </StrictMode>,
  );
}
