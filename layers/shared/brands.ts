/**
 * The brands the one product is served as (spec §1 "a second brand variant exists as a
 * response-based ratings site for radio, TV and podcasts"; spec §2 "Metadata keys ...; the second
 * brand has the same set without measurement, products and we-are-hiring"). One table: each
 * brand's name, logo, colours, host names and page metadata. The host decides the brand: the
 * CloudFront viewer-request function (lib/stacks/web.stack.ts) and the local server
 * (lib/local/static-files.ts) answer a ratings host with the ratings site's page
 * (layers/shared/site-entries.ts), and the ratings site reads its name and metadata from here.
 */

import { pageFor, RATINGS_PAGE } from './site-entries';

/** The brands. */
export type BrandId = 'analyticowl' | 'ratings';

/** The metadata keys spec §2 names for the first brand. */
export const SPEC_METADATA_KEYS = [
  'home',
  'measurement',
  'products',
  'login',
  'sign-up',
  'contact-us',
  'we-are-hiring',
  'privacy-policy',
  'terms-and-conditions',
  'data-disclaimer',
] as const;
export type SpecMetadataKey = (typeof SPEC_METADATA_KEYS)[number];

/** The spec keys the second brand leaves out (spec §2). */
export const RATINGS_LEFT_OUT_KEYS = ['measurement', 'products', 'we-are-hiring'] as const;

/** One page's metadata: the document title and the `<meta name="description">` text. */
export interface BrandMeta {
  title: string;
  description: string;
}

/** Colours as CSS hex; text on `primary` and `ink` on `surface` meet WCAG AA (4.5:1). */
export interface BrandColours {
  /** Header, buttons, links. */
  primary: string;
  /** Highlights: the top spot, movement up. */
  accent: string;
  /** Body text. */
  ink: string;
  /** Page background. */
  surface: string;
}

/** One brand. */
export interface Brand {
  id: BrandId;
  /** Full name, e.g. in titles and the footer. */
  name: string;
  /** Short name for tight places (the header on a phone). */
  short_name: string;
  /** The logo, site-relative (served from web/public). */
  logo: string;
  colours: BrandColours;
  /** Host names (lower-case, no port) that are this brand; the first is the canonical one. */
  hosts: readonly string[];
  /** Page metadata by key: the spec keys of this brand, plus the brand's own page keys. */
  metadata: Readonly<Record<string, BrandMeta>>;
}

const RATINGS_NAME = 'NowOwl Ratings';

/**
 * The brand table. The first brand's metadata texts are the public site's (web/src/site/
 * route-meta.ts, which a test keeps equal); the second brand's set has the spec keys without
 * measurement, products and we-are-hiring, plus its own pages (top-ten, station, connect,
 * finish, reset-password, verify-email).
 */
export const BRANDS: Readonly<Record<BrandId, Brand>> = {
  analyticowl: {
    id: 'analyticowl',
    name: 'AnalyticOwl',
    short_name: 'AnalyticOwl',
    logo: '/brand/analyticowl-logo.svg',
    colours: { primary: '#1d3557', accent: '#f4a261', ink: '#1d3557', surface: '#ffffff' },
    hosts: ['analyticowl.com', 'www.analyticowl.com', 'localhost', '127.0.0.1'],
    metadata: {
      home: {
        title: 'AnalyticOwl | TV, Radio, Streaming and Podcast Ad Response Analytics',
        description:
          'See which TV, radio, cable, streaming and podcast airings brought visitors to your website, ' +
          'and what each airing was worth: Visits per Airing, cost per visit and foot traffic.',
      },
      measurement: {
        title: 'Measurement | AnalyticOwl',
        description:
          'How AnalyticOwl measures broadcast ad response: minute-level website visits, an 8-minute ' +
          'attribution window, a baseline that ignores airing windows and Visits per Airing.',
      },
      products: {
        title: 'Products | AnalyticOwl',
        description:
          'Industry benchmarks, an ad-spend calculator, Advertiser Insights, foot traffic, digital ' +
          'metrics and creative reports for TV, radio, streaming and podcast advertisers.',
      },
      login: {
        title: 'Login',
        description: 'Log in to AnalyticOwl to view, print and schedule your ad-response reports.',
      },
      'sign-up': {
        title: 'Sign Up',
        description: 'Start with AnalyticOwl: every account always has two free reports.',
      },
      'contact-us': {
        title: 'Contact Us',
        description: 'Questions about measuring your broadcast or streaming ads? Send us a note.',
      },
      'we-are-hiring': {
        title: 'We are Hiring!',
        description:
          'Open positions at AnalyticOwl: engineering, media support, projects and accounts.',
      },
      'privacy-policy': {
        title: 'Privacy Policy',
        description: 'How AnalyticOwl collects, uses and protects personal information.',
      },
      'terms-and-conditions': {
        title: 'Terms and Conditions',
        description:
          'The terms for using the AnalyticOwl site, software and media-buying services.',
      },
      'data-disclaimer': {
        title: 'Data Disclaimer',
        description:
          'What AnalyticOwl ad-response estimates mean and how far they can be relied on.',
      },
    },
  },
  ratings: {
    id: 'ratings',
    name: RATINGS_NAME,
    short_name: 'NowOwl',
    logo: '/brand/ratings-logo.svg',
    colours: { primary: '#0b4f6c', accent: '#f2a541', ink: '#102a43', surface: '#f5f9fb' },
    hosts: ['ratings.analyticowl.com', 'ratings.localhost'],
    metadata: {
      home: {
        title: `${RATINGS_NAME} | Response Ratings for Radio, TV and Podcasts`,
        description:
          'Which radio and TV stations bring the most website visits per airing: response ratings ' +
          'from real advertisers, the top ten per market and format, updated monthly.',
      },
      login: {
        title: 'Login',
        description: `Log in to ${RATINGS_NAME} to see every station's rating by daypart.`,
      },
      'sign-up': {
        title: 'Sign Up',
        description: `Start with ${RATINGS_NAME}: measure your own airings and see how stations respond.`,
      },
      'contact-us': {
        title: 'Contact Us',
        description: `Questions about ${RATINGS_NAME}? Send us a note.`,
      },
      'privacy-policy': {
        title: 'Privacy Policy',
        description: `How ${RATINGS_NAME} collects, uses and protects personal information.`,
      },
      'terms-and-conditions': {
        title: 'Terms and Conditions',
        description: `The terms for using the ${RATINGS_NAME} site.`,
      },
      'data-disclaimer': {
        title: 'Data Disclaimer',
        description: `What ${RATINGS_NAME} response ratings mean and how far they can be relied on.`,
      },
      'top-ten': {
        title: `Top Ten Stations | ${RATINGS_NAME}`,
        description:
          'The ten stations with the highest response rating in a market, by format, with their ' +
          'movement since the previous month.',
      },
      station: {
        title: `Station Rating | ${RATINGS_NAME}`,
        description: "A station's response rating month by month, with its interval.",
      },
      connect: {
        title: `Connect Your Analytics | ${RATINGS_NAME}`,
        description: 'Give read-only access to your website analytics.',
      },
      finish: {
        title: `Finish Your Connection | ${RATINGS_NAME}`,
        description: 'Complete the connection between your analytics property and the ratings.',
      },
      'reset-password': {
        // The account pages' frame (web/src/auth/auth-layout.tsx) titles them this way too.
        title: `Choose a new password · ${RATINGS_NAME}`,
        description: 'Pick a new password for your account.',
      },
      'verify-email': {
        title: `Verify your e-mail · ${RATINGS_NAME}`,
        description: 'Confirm your e-mail address with the code we sent you.',
      },
    },
  },
};

/** Every host name of the ratings brand (what the viewer-request function embeds). */
export const RATINGS_HOSTS: readonly string[] = BRANDS.ratings.hosts;

/**
 * The host name of a `Host` header value: lower-case, without the port, without a trailing dot
 * (`Ratings.Localhost:3000` → `ratings.localhost`; `[::1]:3000` → `[::1]`).
 */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  const bare = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.split(':')[0];
  return (bare ?? '').replace(/\.$/, '');
}

/**
 * The brand a request's `Host` header names: ratings for a ratings host (any port), the first
 * brand for anything else, a missing header included. Never throws.
 * @param host the `Host` header value (`ratings.localhost:3000`), or undefined.
 * @param extraRatingsHosts more ratings host names (a stage's `ratingsDomain`).
 */
export function brandForHost(
  host: string | undefined,
  extraRatingsHosts: readonly string[] = [],
): Brand {
  if (!host) return BRANDS.analyticowl;
  const name = hostName(host);
  const ratings = [...RATINGS_HOSTS, ...extraRatingsHosts].map((h) => h.toLowerCase());
  return ratings.includes(name) ? BRANDS.ratings : BRANDS.analyticowl;
}

/**
 * The page file that answers a pathname on a host (the brand comes from the `Host` header,
 * port ignored: {@link brandForHost}): {@link RATINGS_PAGE} for any path on a ratings host,
 * else {@link pageFor}. Never throws.
 * @param extraRatingsHosts more ratings host names (a stage's `ratingsDomain`).
 */
export function pageForHost(
  host: string | undefined,
  pathname: string,
  extraRatingsHosts: readonly string[] = [],
): string {
  return brandForHost(host, extraRatingsHosts).id === 'ratings' ? RATINGS_PAGE : pageFor(pathname);
}
