import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** One route's page metadata (spec §2 "Other routers": metadata keys and titles). */
export interface RouteMeta {
  /** The spec's metadata key (e.g. `contact-us`), or our own for routes the spec leaves unnamed. */
  key: string;
  /** The document title, exactly as the spec lists it where it lists one. */
  title: string;
  /** The `<meta name="description">` text. */
  description: string;
}

/**
 * Page metadata by path. Spec §2 names the keys home, measurement, products, login, sign-up,
 * contact-us, we-are-hiring, privacy-policy, terms-and-conditions, data-disclaimer and the titles
 * Login, Sign Up, Contact Us, We are Hiring!, Privacy Policy, Terms and Conditions, Data
 * Disclaimer; the other entries are ours so every public page gets a sensible title.
 */
export const ROUTE_META: Readonly<Record<string, RouteMeta>> = {
  '/': {
    key: 'home',
    title: 'AnalyticOwl | TV, Radio, Streaming and Podcast Ad Response Analytics',
    description:
      'See which TV, radio, cable, streaming and podcast airings brought visitors to your website, ' +
      'and what each airing was worth: Visits per Airing, cost per visit and foot traffic.',
  },
  '/measurement': {
    key: 'measurement',
    title: 'Measurement | AnalyticOwl',
    description:
      'How AnalyticOwl measures broadcast ad response: minute-level website visits, an 8-minute ' +
      'attribution window, a baseline that ignores airing windows and Visits per Airing.',
  },
  '/products': {
    key: 'products',
    title: 'Products | AnalyticOwl',
    description:
      'Industry benchmarks, an ad-spend calculator, Advertiser Insights, foot traffic, digital ' +
      'metrics and creative reports for TV, radio, streaming and podcast advertisers.',
  },
  '/login': {
    key: 'login',
    title: 'Login',
    description: 'Log in to AnalyticOwl to view, print and schedule your ad-response reports.',
  },
  '/sign-up': {
    key: 'sign-up',
    title: 'Sign Up',
    description: 'Start with AnalyticOwl: every account always has two free reports.',
  },
  '/calculator': {
    key: 'calculator',
    title: 'Acquisition Calculator | AnalyticOwl',
    description:
      'Plan a radio and TV budget from response ratings: expected airings and visits, the budget ' +
      'a visits or acquisitions goal needs, and the return on it. Sample ratings; sign up for real ones.',
  },
  '/contact-us': {
    key: 'contact-us',
    title: 'Contact Us',
    description: 'Questions about measuring your broadcast or streaming ads? Send us a note.',
  },
  '/we-are-hiring': {
    key: 'we-are-hiring',
    title: 'We are Hiring!',
    description:
      'Open positions at AnalyticOwl: engineering, media support, projects and accounts.',
  },
  '/privacy-policy': {
    key: 'privacy-policy',
    title: 'Privacy Policy',
    description: 'How AnalyticOwl collects, uses and protects personal information.',
  },
  '/terms-and-conditions': {
    key: 'terms-and-conditions',
    title: 'Terms and Conditions',
    description: 'The terms for using the AnalyticOwl site, software and media-buying services.',
  },
  '/data-disclaimer': {
    key: 'data-disclaimer',
    title: 'Data Disclaimer',
    description: 'What AnalyticOwl ad-response estimates mean and how far they can be relied on.',
  },
  '/analyticowl-is-always-first': {
    key: 'always-first',
    title: 'AnalyticOwl is Always First',
    description: 'Ten things AnalyticOwl brought to broadcast ad measurement first.',
  },
  '/schedule-your-demo': {
    key: 'schedule-your-demo',
    title: 'Schedule Your Demo | AnalyticOwl',
    description: 'See your own airings matched to your website visits in a guided demo.',
  },
  '/iba': {
    key: 'iba',
    title: 'Association Members | AnalyticOwl',
    description: 'Association members save 20% on AnalyticOwl Industry Insights.',
  },
  '/ctv': {
    key: 'ctv',
    title: 'OTT and CTV Attribution | AnalyticOwl',
    description:
      'Measure connected-TV and OTT campaigns across about 200 publishers, with free attribution ' +
      'when you buy through our data partner.',
  },
  '/start_connection': {
    key: 'connect',
    title: 'Connect Your Analytics | AnalyticOwl',
    description: 'Give AnalyticOwl read-only access to your website analytics.',
  },
  '/all-connect': {
    key: 'all-connect',
    title: 'Connection Instructions | AnalyticOwl',
    description:
      'How to give AnalyticOwl Viewer access to your website analytics, step by step, for GA4 and ' +
      'older standard properties.',
  },
  '/finish': {
    key: 'finish',
    title: 'Finish Your Connection | AnalyticOwl',
    description: 'Complete the connection between your analytics property and AnalyticOwl.',
  },
  '/do-not-sell-my-info': {
    key: 'do-not-sell-my-info',
    title: 'Do Not Sell My Personal Information',
    description: 'Ask AnalyticOwl not to sell or share your personal information.',
  },
  '/plans': {
    key: 'plans',
    title: 'Plans and Pricing | AnalyticOwl',
    description:
      'Industry Insights from $99/month, Advertiser Insights, team and enterprise plans. Every ' +
      'account always has two free reports.',
  },
  '/plans/subscribe': {
    key: 'subscribe',
    title: 'Subscribe | AnalyticOwl',
    description: 'Subscribe to AnalyticOwl Industry Insights or Advertiser Insights.',
  },
  '/get-started': {
    key: 'get-started',
    title: 'Get Started | AnalyticOwl',
    description:
      'Start with AnalyticOwl in a few quick steps: pick what you want to see and a plan. Every ' +
      'account always has two free reports.',
  },
  '/unsubscribe': {
    key: 'unsubscribe',
    title: 'Unsubscribe | AnalyticOwl',
    description: 'Stop receiving a scheduled AnalyticOwl report by e-mail.',
  },
  '/404': {
    key: '404',
    title: 'Page Not Found | AnalyticOwl',
    description: "Sorry! What you are looking for isn't available.",
  },
};

/** The metadata for a pathname (a trailing slash is ignored); unknown paths get the home entry. */
export function metaFor(pathname: string): RouteMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_META[path] ?? (ROUTE_META['/'] as RouteMeta);
}

/**
 * Sets `document.title` and the description meta tag (created when missing) from
 * {@link ROUTE_META} on every navigation (spec §2: "Page title and meta tags are set from route
 * metadata at each navigation"). Must be used inside a router.
 */
export function useRouteMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => applyRouteMeta(pathname), [pathname]);
}

/**
 * Sets `document.title` and the description meta tag (created when missing) of a path from
 * {@link ROUTE_META}: what {@link useRouteMeta} does at each navigation, for pages without a
 * router (the all-connect instructions page).
 */
export function applyRouteMeta(pathname: string): void {
  const meta = metaFor(pathname);
  document.title = meta.title;
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = meta.description;
}
