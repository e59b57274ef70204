import type { ComponentType, ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { SITE_REDIRECTS } from '#shared/site-redirects';
import { HomePage } from './pages/home-page';
import { SiteNotFound } from './pages/not-found-page';
import { SiteLayout } from './site-layout';

export { SITE_REDIRECTS } from '#shared/site-redirects';
export { metaFor, ROUTE_META, type RouteMeta, useRouteMeta } from './route-meta';
export { SiteNotFound };

/** Forms other modules own, mounted into the pages that embed them. */
export interface SiteSlots {
  /** The contact form titled "Can you help us?" on the hiring page. @default none */
  hiringContactForm?: ReactNode;
  /** The contact form on the association members page. @default none */
  ibaContactForm?: ReactNode;
  /** The contact-us page (spec §2 contact-us, also named sign-up). @default none (no route) */
  contactPage?: ReactNode;
  /** The do-not-sell-my-info page (spec §2). @default none (no route) */
  doNotSellPage?: ReactNode;
}

/** A page route whose module loads on first visit; `name` is the component it exports. */
function page<M extends Record<string, unknown>>(
  path: string,
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject {
  return { path, lazy: () => load().then((m) => ({ Component: m[name] as ComponentType })) };
}

/**
 * The public marketing routes (spec §2 "Public marketing router") under {@link SiteLayout}, plus
 * the redirects of {@link SITE_REDIRECTS} and the catch-all to /404. The contact-us and
 * do-not-sell-my-info pages come in `slots` (their forms are built elsewhere); login,
 * reset-password and verify-email belong to the login app (web/src/entries/login.tsx).
 */
export function siteRoutes(slots: SiteSlots = {}): RouteObject[] {
  // Home and the 404 page are in the entry chunk; every other page loads on first visit.
  const pages: RouteObject[] = [
    { index: true, element: <HomePage /> },
    page('start_connection', () => import('./pages/start-connection-page'), 'StartConnectionPage'),
    page('finish', () => import('./pages/finish-page'), 'FinishPage'),
    page('measurement', () => import('./pages/measurement-page'), 'MeasurementPage'),
    page('products', () => import('./pages/products-page'), 'ProductsPage'),
    page(
      'analyticowl-is-always-first',
      () => import('./pages/always-first-page'),
      'AlwaysFirstPage',
    ),
    {
      path: 'we-are-hiring',
      lazy: () =>
        import('./pages/hiring-page').then((m) => ({
          element: <m.HiringPage contactForm={slots.hiringContactForm} />,
        })),
    },
    page('schedule-your-demo', () => import('./pages/schedule-demo-page'), 'ScheduleDemoPage'),
    page('privacy-policy', () => import('./pages/privacy-policy-page'), 'PrivacyPolicyPage'),
    page('terms-and-conditions', () => import('./pages/terms-page'), 'TermsPage'),
    page('data-disclaimer', () => import('./pages/data-disclaimer-page'), 'DataDisclaimerPage'),
    {
      path: 'iba',
      lazy: () =>
        import('./pages/iba-page').then((m) => ({
          element: <m.IbaPage contactForm={slots.ibaContactForm} />,
        })),
    },
    page('ctv', () => import('./pages/ctv-page'), 'CtvPage'),
    // The public acquisition calculator (sample ratings), its charts in its own chunk.
    page('calculator', () => import('../acquisition/site-calculator-page'), 'SiteCalculatorPage'),
    page('plans', () => import('../billing/plans-page'), 'PlansPage'),
    page('plans/subscribe', () => import('../billing/subscribe-page'), 'SubscribePage'),
    // A scheduled delivery's unsubscribe link (public: the token names schedule and address).
    page('unsubscribe', () => import('../schedules/unsubscribe-page'), 'UnsubscribePage'),
    { path: '404', element: <SiteNotFound /> },
    ...(slots.contactPage ? [{ path: 'contact-us', element: slots.contactPage }] : []),
    ...(slots.doNotSellPage ? [{ path: 'do-not-sell-my-info', element: slots.doNotSellPage }] : []),
  ];
  const redirects: RouteObject[] = Object.entries(SITE_REDIRECTS).map(([from, to]) => ({
    path: from,
    element: <Navigate to={to} replace />,
  }));
  return [
    {
      path: '/',
      element: <SiteLayout />,
      children: [...pages, ...redirects, { path: '*', element: <Navigate to="/404" replace /> }],
    },
  ];
}

/** {@link siteRoutes} with no forms mounted, for routers that add them elsewhere. */
export const SITE_ROUTES: RouteObject[] = siteRoutes();
