import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import type { AppEntry } from '#shared/site-entries';
import { installAuth } from '../auth/install-auth';
import { CookieBanner } from '../components/cookie-banner';
import { goTo, setCurrentApp } from './app-navigate';
import { foreignRoutes } from './foreign-routes';
import '../styles.css';

/**
 * Mounts one application (spec §2 "Five mount points choose the application") into #root: its
 * routes plus {@link foreignRoutes}, the session hooks (a 401 sends the visitor to /login
 * through this router, which hands it to the login app) and the cookie banner, which mounts on
 * every page.
 */
export function mountApp(app: AppEntry, routes: RouteObject[]): void {
  setCurrentApp(app);
  const router = createBrowserRouter([...routes, ...foreignRoutes(app)]);
  installAuth((to, options) => goTo(to, router.navigate, options));
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      <CookieBanner />
    </StrictMode>,
  );
}
