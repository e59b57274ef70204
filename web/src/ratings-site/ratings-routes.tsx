import type { ComponentType, ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RatingsHomePage } from './pages/ratings-home-page';
import { RatingsLayout } from './ratings-layout';
import { useRatingsMeta } from './ratings-meta';

/** Sets a reused page's title and description from the brand's metadata `key`. */
function WithMeta({ metaKey, children }: { metaKey: string; children: ReactNode }) {
  useRatingsMeta(metaKey);
  return <>{children}</>;
}

/** A page whose module loads on first visit, under the brand's metadata `key`. */
function page<M extends Record<string, unknown>>(
  path: string,
  metaKey: string | null,
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject {
  return {
    path,
    lazy: () =>
      load().then((m) => {
        const Page = m[name] as ComponentType;
        return {
          element:
            metaKey === null ? (
              <Page />
            ) : (
              <WithMeta metaKey={metaKey}>
                <Page />
              </WithMeta>
            ),
        };
      }),
  };
}

/**
 * The ratings site's router (spec §2 "Other routers: ... ratings-site variants (root,
 * start_connection, finish, reset-password, verify-email; unknown goes to root)"): the root with
 * the top ten, the public ratings pages `/top-ten/:market/:format?` and `/station/:stationId`,
 * the connection pages of the first brand reused in the ratings frame, the account pages
 * (reset-password, verify-email) in their own frame under the ratings brand, the
 * legal pages, and every other path to the root. Each page sets its title and description from
 * the ratings brand's metadata set (layers/shared/brands.ts).
 */
export function ratingsRoutes(): RouteObject[] {
  const pages: RouteObject[] = [
    { index: true, element: <RatingsHomePage /> },
    page('top-ten/:market/:format?', null, () => import('./pages/top-ten-page'), 'TopTenPage'),
    page('station/:stationId', null, () => import('./pages/station-page'), 'StationPage'),
    page(
      'start_connection',
      'connect',
      () => import('../site/pages/start-connection-page'),
      'StartConnectionPage',
    ),
    page('finish', 'finish', () => import('../site/pages/finish-page'), 'FinishPage'),
    page(
      'privacy-policy',
      'privacy-policy',
      () => import('../site/pages/privacy-policy-page'),
      'PrivacyPolicyPage',
    ),
    page(
      'terms-and-conditions',
      'terms-and-conditions',
      () => import('../site/pages/terms-page'),
      'TermsPage',
    ),
    page(
      'data-disclaimer',
      'data-disclaimer',
      () => import('../site/pages/data-disclaimer-page'),
      'DataDisclaimerPage',
    ),
    { path: '*', element: <Navigate to="/" replace /> },
  ];
  // The account pages bring their own frame (AuthLayout, which wears the brand).
  const accountPages: RouteObject[] = [
    page(
      '/reset-password',
      'reset-password',
      () => import('../auth/reset-password-page'),
      'ResetPasswordPage',
    ),
    page(
      '/verify-email',
      'verify-email',
      () => import('../auth/verify-email-page'),
      'VerifyEmailPage',
    ),
  ];
  return [{ path: '/', element: <RatingsLayout />, children: pages }, ...accountPages];
}
