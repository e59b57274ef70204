import { lazy, type ReactNode, Suspense } from 'react';
import { SiteLayout } from '../site/site-layout';
import { siteRoutes } from '../site/site-routes';
import { mountApp } from './mount';

/**
 * The default home app's entry (web/index.html; spec §2 "Public marketing router"): the public
 * site under its layout (home at `/`, the legacy redirects, plans, the simple signup, unknown
 * paths to /404). The login and report apps are other pages (layers/shared/site-entries.ts).
 */
// The forms (react-hook-form, zod) load with the pages that show them, not with the home page.
const ContactForm = lazy(() =>
  import('../site/contact-form').then((m) => ({ default: m.ContactForm })),
);
const ContactPage = lazy(() =>
  import('../site/pages/contact-page').then((m) => ({ default: m.ContactPage })),
);
const DoNotSellPage = lazy(() =>
  import('../site/do-not-sell-page').then((m) => ({ default: m.DoNotSellPage })),
);
const later = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

mountApp('home', [
  ...siteRoutes({
    hiringContactForm: later(<ContactForm label="Can you help us?" subject="Joining the team" />),
    ibaContactForm: later(
      <ContactForm label="Association members" subject="Association member discount" />,
    ),
    contactPage: later(<ContactPage />),
    doNotSellPage: later(<DoNotSellPage />),
  }),
  {
    // The simple signup sits in the public site's frame, like the /plans/subscribe
    // wizard it hands over to.
    path: '/get-started',
    element: <SiteLayout />,
    children: [
      {
        index: true,
        lazy: () => import('../signup/signup-page').then((m) => ({ Component: m.SignupPage })),
      },
    ],
  },
]);
