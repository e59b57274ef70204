/**
 * Which application's page answers a path (spec §2 "Five mount points choose the application"):
 * separate entry bundles, so the home page does not download the report app. Each app
 * is its own Vite entry (web/<page>.html → web/src/entries/<app>.tsx). One table feeds the
 * CloudFront viewer-request function (lib/stacks/web.stack.ts), the local static server
 * (lib/local/static-files.ts) and each app's router, which hands any path it does not own to the
 * server with a full page load (web/src/entries/foreign-routes.tsx).
 *
 * Built: the report app, the login app, the call-centre app (TV self serve, /call-centre), the
 * all-connect instructions page and the default home app (the public site, plans, sign-up).
 */

/** The applications with an entry page. */
export type AppEntry = 'report' | 'login' | 'callcentre' | 'connect' | 'home';

/** One application: its page and the paths it owns (exact, or a prefix followed by `/`). */
export interface EntryRow {
  app: AppEntry;
  /** The built page, site-relative (e.g. `/ss.html`). */
  page: string;
  /** Pathnames the app owns exactly. */
  paths: readonly string[];
  /** Pathnames the app owns with everything under them (`/ss` owns `/ss/account`). */
  prefixes: readonly string[];
}

/**
 * The report app, the login app, the call-centre app and the instructions page; every other
 * path is the home app's.
 */
export const SITE_ENTRIES: readonly EntryRow[] = [
  { app: 'report', page: '/ss.html', paths: ['/app'], prefixes: ['/ss'] },
  {
    app: 'login',
    page: '/login.html',
    paths: ['/login', '/register', '/verify-email', '/reset-password'],
    prefixes: [],
  },
  // The call-centre router has its root only (spec §2 "a call-centre router (root only)").
  { app: 'callcentre', page: '/callcentre.html', paths: ['/call-centre'], prefixes: [] },
  // The all-connect instructions page: no router, no store (spec §2).
  { app: 'connect', page: '/connect.html', paths: ['/all-connect'], prefixes: [] },
];

/** The default application's page (the public site: home, marketing pages, plans, /404). */
export const HOME_PAGE = '/index.html';

const owns = (row: EntryRow, pathname: string) =>
  row.paths.includes(pathname) ||
  row.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The application that answers a pathname (no query string): `/ss/account` → 'report',
 * `/login` → 'login', anything else → 'home'. Never throws.
 */
export function appFor(pathname: string): AppEntry {
  return SITE_ENTRIES.find((row) => owns(row, pathname))?.app ?? 'home';
}

/** The page file that answers a pathname: `/ss` → `/ss.html`, `/pricing` → `/index.html`. */
export function pageFor(pathname: string): string {
  return SITE_ENTRIES.find((row) => owns(row, pathname))?.page ?? HOME_PAGE;
}

/**
 * The ratings site's page (web/ratings.html → web/src/entries/ratings.tsx). On a ratings host it
 * answers every path, because the ratings site has its own router (spec §2 "ratings-site
 * variants (root, start_connection, finish, reset-password, verify-email; unknown goes to
 * root)"): none of the first brand's apps is served there.
 */
export const RATINGS_PAGE = '/ratings.html';
