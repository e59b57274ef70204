import { useEffect } from 'react';
import { type RouteObject, useLocation } from 'react-router-dom';
import { type AppEntry, SITE_ENTRIES } from '#shared/site-entries';

/**
 * Hands the current URL to the server with a full page load, which answers it with the page of the
 * application that owns it (layers/shared/site-entries.ts). `replace`: the link's history entry
 * is reused, so Back still returns to the page the visitor came from.
 */
function LoadFromServer() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}

/**
 * Routes for the paths other applications own (separate entry bundles): a link or a
 * redirect into another app leaves this one with a full page load instead of showing a 404.
 * Apps other than home also hand over every path nobody claims (the home app owns the rest,
 * its /404 included), so the server's answer can never be this app again.
 * @param self the application the router belongs to.
 */
export function foreignRoutes(self: AppEntry): RouteObject[] {
  const element = <LoadFromServer />;
  const routes: RouteObject[] = SITE_ENTRIES.filter((row) => row.app !== self).flatMap((row) => [
    ...row.paths.map((path) => ({ path, element })),
    ...row.prefixes.flatMap((p) => [
      { path: p, element },
      { path: `${p}/*`, element },
    ]),
  ]);
  if (self !== 'home') routes.push({ path: '*', element });
  return routes;
}
