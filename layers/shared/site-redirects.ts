/**
 * Legacy and alias paths of the public site and where they go (spec §2 "Redirects"). In AWS
 * these are CloudFront Functions (real 301s for legacy paths), locally the same table.
 * One table feeds three places: the CloudFront viewer-request function (lib/stacks/web.stack.ts),
 * the local static server (lib/local/static-files.ts) and the SPA's client-side routes
 * (web/src/site/site-routes.tsx). Keys are exact pathnames (case and trailing slash matter);
 * values are site-relative targets. The spec does not spell the media-company analytics legacy
 * path; `/media-company-analytics` is our reading of it.
 */
export const SITE_REDIRECTS: Readonly<Record<string, string>> = {
  '/customer-login': '/login',
  '/portals': '/login',
  '/products-and-services': '/products',
  '/contact': '/contact-us',
  '/contact/': '/contact-us',
  '/employment': '/we-are-hiring',
  '/media-company-analytics': '/measurement',
  '/subscribe': '/contact-us',
  '/sign-up': '/contact-us',
};

/**
 * Where a legacy path permanently moved, or null when it did not.
 *
 * @param path a request target: the pathname, optionally followed by `?query` (as in
 *   `IncomingMessage.url`). The pathname must match a key of {@link SITE_REDIRECTS} exactly.
 * @returns the target with the original query string kept verbatim (so `?utm_source=x` survives
 *   the redirect), e.g. `/contact?a=1` -> `/contact-us?a=1`; null for any other path. Never throws.
 */
export function redirectFor(path: string): string | null {
  const cut = path.indexOf('?');
  const pathname = cut === -1 ? path : path.slice(0, cut);
  if (!Object.hasOwn(SITE_REDIRECTS, pathname)) return null;
  const query = cut === -1 ? '' : path.slice(cut);
  return `${SITE_REDIRECTS[pathname]}${query === '?' ? '' : query}`;
}
