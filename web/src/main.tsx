import { lazy, type ReactNode, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { APP_ROUTES } from './app-routes';
import { installAuth } from './auth/install-auth';
import { CookieBanner } from './components/cookie-banner';
import { siteRoutes } from './site/site-routes';
import './styles.css';

/**
 * Routes (spec §2): the public marketing site under its layout (home at `/`, the legacy
 * redirects, unknown paths to /404), and the login app and the report app, which load lazily on
 * first visit (web/src/app-routes.tsx): the home page never downloads the report app.
 */
// The forms (react-hook-form, zod) load with the pages that show them, not with the home page.
const ContactForm = lazy(() =>
  import('./site/contact-form').then((m) => ({ default: m.ContactForm })),
);
const ContactPage = lazy(() =>
  import('./site/pages/contact-page').then((m) => ({ default: m.ContactPage })),
);
const DoNotSellPage = lazy(() =>
  import('./site/do-not-sell-page').then((m) => ({ default: m.DoNotSellPage })),
);
const later = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

const router = createBrowserRouter([
  ...siteRoutes({
    hiringContactForm: later(<ContactForm label="Can you help us?" subject="Joining the team" />),
    ibaContactForm: later(
      <ContactForm label="Association members" subject="Association member discount" />,
    ),
    contactPage: later(<ContactPage />),
    doNotSellPage: later(<DoNotSellPage />),
  }),
  ...APP_ROUTES,
]);

installAuth((to, options) => void router.navigate(to, options));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      <CookieBanner />
    </StrictMode>,
  );
}
